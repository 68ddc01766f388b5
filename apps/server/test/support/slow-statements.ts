import { RawNode, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';

/**
 * A Kysely plugin that makes chosen statements slow in the database itself: their SQL is wrapped so
 * that PostgreSQL sleeps before it answers (`pg_sleep`), as an expensive find would run. The
 * statement shows in `pg_stat_activity` with `pg_sleep(` in its text while it runs, and can be
 * cancelled there. Only raw statements (the records engine's reads) are touched.
 */
export class SlowStatements implements KyselyPlugin {
  #rules: { matches: (sqlText: string) => boolean; seconds: number }[] = [];

  /** Statements whose SQL `matches` accepts sleep `seconds` in the database before answering. */
  slow(matches: (sqlText: string) => boolean, seconds: number): void {
    this.#rules.push({ matches, seconds });
  }

  clear(): void {
    this.#rules = [];
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (args.node.kind !== 'RawNode') return args.node;
    const node = args.node as RawNode;
    const text = rawText(node);
    const rule = this.#rules.find((r) => r.matches(text));
    if (!rule) return node;
    const fragments = [...node.sqlFragments];
    fragments[0] = `SELECT __slow.* FROM pg_sleep(${rule.seconds}) __sleep, (${fragments[0]}`;
    fragments[fragments.length - 1] = `${fragments[fragments.length - 1]}) __slow`;
    return RawNode.create(fragments, node.parameters);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** A raw statement's text with the raw pieces inside it (`sql.raw`, nested `sql`) written in, values as `?`. */
function rawText(node: RawNode): string {
  return node.sqlFragments
    .map((fragment, i) => {
      const inner = node.parameters[i];
      return fragment + (inner === undefined ? '' : inner.kind === 'RawNode' ? rawText(inner as RawNode) : '?');
    })
    .join('');
}

/** A list's page read (records.repository.ts `selectPage`) of the given table. */
export function isPageReadOf(table: string): (sqlText: string) => boolean {
  return (text) => text.includes('AS __mod') && text.includes('JOIN ' + table + ' ');
}
