import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * PGlite keeps its files in one directory and must have one process at a time. This lock file
 * (holding the owner's pid) turns a second opener into a clear error instead of a corrupt database.
 */
export async function lockEmbeddedDatabase(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const path = join(dataDir, '3ds.lock');
  const holder = Number(await readFile(path, 'utf8').catch(() => ''));
  if (holder && holder !== process.pid && isAlive(holder)) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by process ${holder}. Stop that server first, or use DATABASE_URL.`,
    );
  }
  await writeFile(path, String(process.pid));
  return () => rm(path, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
