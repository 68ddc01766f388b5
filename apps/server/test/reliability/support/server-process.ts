import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
/** The root package.json's start command, without its web-build check. */
const START = ['--max-semi-space-size=16', 'apps/server/src/server.ts'];

export const RELIABILITY_JWT_SECRET = 'reliability-secret-shared-by-every-server-0123456789';

export interface ServerOptions {
  /** `DATABASE_URL` of the process. */
  databaseUrl: string;
  /** `DATA_DIR` of the process (its file store is `${dataDir}/files`). */
  dataDir: string;
  /** A name for messages. */
  name: string;
  env?: Record<string, string>;
}

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * One real server process (`node apps/server/src/server.ts`), started as `npm start` would start it
 * with `DATABASE_URL`, and stopped or killed by the test.
 */
export class ServerProcess {
  readonly name: string;
  readonly baseUrl: string;
  readonly #child: ChildProcess;
  readonly #exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  #output = '';
  #exited = false;

  private constructor(name: string, baseUrl: string, child: ChildProcess) {
    this.name = name;
    this.baseUrl = baseUrl;
    this.#child = child;
    const collect = (chunk: Buffer) => {
      // The last 200 kB is plenty to explain a failure.
      this.#output = (this.#output + chunk.toString()).slice(-200_000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    this.#exit = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.#exited = true;
        resolve({ code, signal });
      });
    });
  }

  /** Starts a server and waits until it answers `GET /3ds/api/health`. */
  static async start(options: ServerOptions): Promise<ServerProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, START, {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: options.databaseUrl,
        JWT_SECRET: RELIABILITY_JWT_SECRET,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: options.dataDir,
        DEMO: '0',
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new ServerProcess(options.name, `http://127.0.0.1:${port}`, child);
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (server.#exited) throw new Error(`${options.name} exited during start-up:\n${server.output}`);
      try {
        const health = await fetch(`${server.baseUrl}/3ds/api/health`, { signal: AbortSignal.timeout(2000) });
        if (health.status === 200) return server;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) {
        await server.kill();
        throw new Error(`${options.name} did not answer health within 60 s:\n${server.output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  get pid(): number {
    return this.#child.pid!;
  }

  get exited(): boolean {
    return this.#exited;
  }

  /** What the process wrote to stdout and stderr (its warnings and errors at LOG_LEVEL=warn). */
  get output(): string {
    return this.#output;
  }

  /** Sends the signal (SIGKILL unless told) and waits for the process to end. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (!this.#exited) this.#child.kill(signal);
    return this.#exit;
  }

  /** A graceful stop (SIGTERM), as a process manager does it. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    return this.kill('SIGTERM');
  }
}
