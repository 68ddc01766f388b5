import { availableParallelism } from 'node:os';
import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * The server's configuration, read from the environment once at start-up.
 * This is the only module that reads `process.env`; a bad variable stops the start with its name.
 */
const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'], { message: 'use 1 or 0' })
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** Fastify's `trustProxy`: false, how many proxies stand in front (hops), or the proxies' addresses. */
export type TrustProxy = false | number | string[];

/** A proxy as proxy-addr names one: an IP address, a subnet (`10.1.0.0/16`) or loopback, linklocal, uniquelocal. */
function isProxyAddress(text: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(text)) return true;
  const [address = '', prefix, ...rest] = text.split('/');
  if (rest.length || !isIP(address)) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (isIP(address) === 4 ? 32 : 128));
}

/**
 * Which proxies to believe about the client's address. `0` none; a whole number: that many proxies
 * stand in front, and the client is the address the outermost one saw (`1`: the one proxy's view,
 * the last X-Forwarded-For entry, which the client cannot write); or the proxies' addresses, comma
 * separated (`10.0.0.0/8,loopback`). Never "trust every hop": the first X-Forwarded-For entry is
 * whatever the client sent.
 */
const trustProxy = z.string().transform((value, ctx): TrustProxy => {
  const v = value.trim().toLowerCase();
  if (v === '0' || v === 'false' || v === 'no') return false;
  if (v === 'true' || v === 'yes') return 1;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const addresses = v.split(',').map((a) => a.trim()).filter(Boolean);
  if (addresses.length && addresses.every(isProxyAddress)) return addresses;
  ctx.addIssue({ code: 'custom', message: 'use 0, the number of proxies in front (1 for one), or their addresses (10.0.0.1,10.1.0.0/16)' });
  return z.NEVER;
});

/**
 * List and record reads that go to the database at once, by default: one per processor of this
 * machine, at least two. Readers beyond wait their turn, and the processors' other turns and the
 * pool's other connections are the saves' (records/read-turns.ts; measured in bench/README.md,
 * "Working day"). A database on a machine of its own with more processors may take more.
 */
export const READS_AT_ONCE = Math.max(2, availableParallelism());

const envSchema = z
  .object({
    PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATABASE_ADMIN_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    DATABASE_READS_AT_ONCE: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1).max(100).default(READS_AT_ONCE),
    FIND_TIME_LIMIT_SECONDS: z.coerce.number({ message: 'must be a number of seconds' }).min(0.1).max(600).default(5),
    DATA_DIR: z.string().min(1).default('./data'),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    NOTIFY_TO: z.string().default('operations@3ds.local'),
    MAIL_FROM: z.string().default('3DS <no-reply@3ds.local>'),
    S3_ENDPOINT: z.url({ message: 'must be a URL' }).optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    DEMO: booleanFlag.optional(),
    NODE_ENV: z.string().optional(),
    // Warnings and errors by default: a request log per click buries what matters; `info` logs every request.
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
    TRUST_PROXY: trustProxy.default(false),
    ANSWER_CACHE_MB: z.coerce.number({ message: 'must be a whole number of megabytes' }).int('must be a whole number of megabytes').min(0).max(65_536).default(32),
    EVENTS_MAX_STREAMS: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1).max(1_000_000).default(1000),
    LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1).max(100_000).default(30),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_URL && !env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'is required with DATABASE_URL, so that every server of the database signs tokens alike',
      });
    }
    if (env.DATABASE_ADMIN_URL && !env.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_ADMIN_URL'], message: 'needs DATABASE_URL too: it is the owner that migrates the database the server uses' });
    }
    if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['S3_ACCESS_KEY_ID'], message: 'and S3_SECRET_ACCESS_KEY are required with S3_BUCKET' });
    }
  });

export interface Config {
  port: number;
  host: string;
  /**
   * PostgreSQL: `url` is the server's role; `adminUrl`, when given, the owner that runs the
   * migrations and grants the server's role what it may do (db/database-roles.ts).
   */
  database: { kind: 'postgres'; url: string; adminUrl: string | undefined; poolSize: number } | { kind: 'pglite'; dataDir: string };
  /** List and record reads that go to PostgreSQL at once; more wait their turn (records/read-turns.ts). */
  readsAtOnce: number;
  /** How long a find (a list read of the find lane) may run before it is stopped with a 422, in ms. */
  findTimeLimitMs: number;
  dataDir: string;
  jwtSecret: string | undefined;
  mail: { smtpUrl: string | undefined; notifyTo: string; from: string };
  s3:
    | { endpoint: string | undefined; region: string; bucket: string; accessKeyId: string; secretAccessKey: string }
    | undefined;
  demo: boolean;
  logLevel: string;
  trustProxy: TrustProxy;
  /** Login attempts one client address may make a minute (on top of the per-username lockout). */
  loginRateLimitPerMinute: number;
  /** Live update streams (`GET /events`) this server holds open at once; 503 beyond. */
  eventsMaxStreams: number;
  /** Memory for list and record answers kept while their tables are unchanged (records/answer-cache.ts); 0 turns it off. */
  answerCacheBytes: number;
  /**
   * NODE_ENV=production: the start refuses a database set-up in which the server's own role could
   * rewrite the records kept (one role, or the embedded database): db/prepare-database.ts.
   */
  production: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings are treated as unset, as shells and compose files often leave them.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'} ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  const database: Config['database'] = env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL, adminUrl: env.DATABASE_ADMIN_URL, poolSize: env.DATABASE_POOL_SIZE }
    : { kind: 'pglite', dataDir: `${env.DATA_DIR}/pglite` };
  return {
    port: env.PORT,
    host: env.HOST,
    database,
    dataDir: env.DATA_DIR,
    jwtSecret: env.JWT_SECRET,
    mail: { smtpUrl: env.SMTP_URL, notifyTo: env.NOTIFY_TO, from: env.MAIL_FROM },
    s3: env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          bucket: env.S3_BUCKET,
          accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
        }
      : undefined,
    // The demo seed is the default for the embedded database and never for DATABASE_URL unless asked.
    demo: env.DEMO ?? database.kind === 'pglite',
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    loginRateLimitPerMinute: env.LOGIN_RATE_LIMIT_PER_MINUTE,
    answerCacheBytes: env.ANSWER_CACHE_MB * 1024 * 1024,
    readsAtOnce: env.DATABASE_READS_AT_ONCE,
    findTimeLimitMs: Math.round(env.FIND_TIME_LIMIT_SECONDS * 1000),
    eventsMaxStreams: env.EVENTS_MAX_STREAMS,
    production: env.NODE_ENV === 'production',
  };
}
