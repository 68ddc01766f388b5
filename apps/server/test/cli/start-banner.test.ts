import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';
import { startBanner } from '../../src/start-banner.ts';

describe('the start banner', () => {
  it('says where to go, who can sign in, where the data lives and what the log shows', () => {
    const config = loadConfig({ DATA_DIR: './data' });
    expect(config.logLevel).toBe('warn');
    const banner = startBanner({ url: 'http://localhost:3000/3ds/', demoUsers: ['admin', 'clerk', 'viewer'], config });
    const data = resolve('./data');
    expect(banner.split('\n')).toEqual([
      '3DS is ready at http://localhost:3000/3ds/',
      '  Sign in:   admin, clerk or viewer, password "demo" (demo users)',
      `  Database:  embedded PostgreSQL (PGlite) in ${data}/pglite`,
      `  Files:     ${data}/files; mail written to ${data}/outbox`,
      '  Log:       warnings and errors (LOG_LEVEL=info logs every request)',
      '  Stop:      Ctrl+C',
    ]);
  });

  it('names no demo user that cannot sign in, and never shows the database password', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://tds:s3cret-password@db.example:5433/threeds',
      JWT_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://mail.example:587',
      S3_BUCKET: 'records',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      LOG_LEVEL: 'info',
    });
    const banner = startBanner({ url: 'http://127.0.0.1:3000/3ds/', demoUsers: [], config });
    expect(banner).not.toContain('Sign in');
    expect(banner).not.toContain('s3cret');
    expect(banner).toContain('  Database:  PostgreSQL at db.example:5433/threeds');
    expect(banner).toContain('  Files:     S3 bucket records; mail sent over SMTP');
    expect(banner).toContain('  Log:       every request\n');
    expect(startBanner({ url: 'u', demoUsers: ['clerk'], config })).toContain('  Sign in:   clerk, password "demo" (demo users)');
  });
});
