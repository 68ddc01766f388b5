import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/database.ts';
import type { ChangeFeed } from '../../src/db/change-feed.ts';
import { createCompany } from '../support/record-factories.ts';
import { createReliabilityDatabase, type ReliabilityDatabase } from './support/database.ts';
import { waitFor } from './support/load.ts';
import { TcpProxy } from './support/tcp-proxy.ts';

/** The change feed's own connection: notices in commit order, and what happens when it is lost. */
let database: ReliabilityDatabase;

beforeAll(async () => {
  database = await createReliabilityDatabase();
});
afterAll(async () => {
  await database?.drop();
});

function record(feed: ChangeFeed) {
  const events: string[] = [];
  feed.subscribe({ notice: (channel, payload) => events.push(`${channel}:${payload}`), reset: () => events.push('reset') });
  return events;
}

describe('the change feed on PostgreSQL', () => {
  it('hears every committed change once per table and transaction, nothing of a rolled-back one, and syncs', async () => {
    const handle = openPostgres(database.url, 2);
    const feed = await handle.openFeed();
    try {
      expect(feed.listening).toBe(true);
      const events = record(feed);
      await createCompany(database.db, { name: 'Heard' });
      await database.db.transaction().execute(async (trx) => {
        await createCompany(trx, { name: 'Heard twice?' });
        await createCompany(trx, { name: 'No: once' });
      });
      await database.db
        .transaction()
        .execute(async (trx) => {
          await createCompany(trx, { name: 'Never committed' });
          throw new Error('roll back');
        })
        .catch(() => {});
      await feed.sync(); // everything committed before it has been heard now
      expect(events).toEqual(['tds_changes:companies', 'tds_changes:companies']);
    } finally {
      await feed.close();
      await handle.close();
    }
  });

  it('stops listening (and resets) when its connection is lost, and listens again (and resets) once it is back', async () => {
    const proxy = await TcpProxy.start({ host: database.host, port: database.port });
    const proxied = new URL(database.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const handle = openPostgres(proxied.toString(), 2);
    const feed = await handle.openFeed();
    try {
      const events = record(feed);
      expect(feed.listening).toBe(true);
      await proxy.cut();
      await waitFor('the feed to notice the loss', async () => !feed.listening, 2000, 10);
      expect(events).toEqual(['reset']);
      await feed.sync(); // resolves at once: nothing to wait for while not listening
      await createCompany(database.db, { name: 'Missed while away' });
      await proxy.restore();
      await waitFor('the feed to listen again', async () => feed.listening, 10_000, 10);
      expect(events).toEqual(['reset', 'reset']);
      await createCompany(database.db, { name: 'Heard again' });
      await feed.sync();
      expect(events).toEqual(['reset', 'reset', 'tds_changes:companies']);
    } finally {
      await feed.close();
      await handle.close();
      await proxy.close();
    }
  });
});
