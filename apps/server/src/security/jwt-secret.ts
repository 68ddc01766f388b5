import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config/env.ts';

/**
 * The configured JWT_SECRET, or for the embedded database a random one generated into the data
 * directory on first start (so tokens survive restarts of this one server).
 */
export async function resolveJwtSecret(config: Config): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const path = join(config.dataDir, 'jwt-secret');
  const existing = (await readFile(path, 'utf8').catch(() => '')).trim();
  if (existing.length >= 32) return existing;
  await mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(path, secret, { mode: 0o600 });
  return secret;
}
