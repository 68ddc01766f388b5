import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { PREPARED, prepareMarkedStatements } from '../../src/db/prepared.ts';

function fakeClient() {
  const sent: unknown[][] = [];
  const client = { query: (...args: unknown[]) => (sent.push(args), Promise.resolve({ rows: [] })) };
  prepareMarkedStatements(client as unknown as pg.PoolClient);
  return { client, sent };
}

describe('prepareMarkedStatements', () => {
  it('sends a marked text as a named statement, the same name for the same text', async () => {
    const { client, sent } = fakeClient();
    const text = `${PREPARED}SELECT * FROM jobs WHERE id = $1`;
    await client.query(text, [1]);
    await client.query(text, [2]);
    const [first, second] = sent as [[{ name: string; text: string; values: unknown[] }], [{ name: string; values: unknown[] }]];
    expect(first[0]).toMatchObject({ text, values: [1] });
    expect(first[0].name).toMatch(/^s_[\w-]{24}$/);
    expect(second[0]).toMatchObject({ name: first[0].name, values: [2] });
    await client.query(`${PREPARED}SELECT * FROM containers WHERE id = $1`, [1]);
    expect((sent[2]![0] as { name: string }).name).not.toBe(first[0].name);
  });

  it('leaves other queries, config objects and cursors as they are', async () => {
    const { client, sent } = fakeClient();
    await client.query('SELECT 1', []);
    const cursor = { submit() {} };
    await client.query(cursor);
    await client.query({ text: `${PREPARED}SELECT 2` });
    expect(sent).toEqual([['SELECT 1', []], [cursor], [{ text: `${PREPARED}SELECT 2` }]]);
  });

  it('stops naming new texts past its guard, so a text that varies by mistake cannot fill the server', async () => {
    const { client, sent } = fakeClient();
    for (let i = 0; i < 260; i++) await client.query(`${PREPARED}SELECT ${i} /* guard test */`, []);
    const named = sent.filter((args) => typeof args[0] === 'object').length;
    expect(named).toBeGreaterThan(0);
    expect(named).toBeLessThanOrEqual(200);
    expect(sent.at(-1)).toEqual([`${PREPARED}SELECT 259 /* guard test */`, []]);
  });
});
