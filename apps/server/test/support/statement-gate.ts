import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryId, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * A Kysely plugin that holds a chosen statement's result until the test lets it go, so that a
 * request can be stopped inside its transaction — after the statement ran, before the commit — while
 * another request is made. Armed for one statement at a time.
 */
export class StatementGate implements KyselyPlugin {
  #armed: { matches: (node: RootOperationNode) => boolean; reached: () => void; released: Promise<void> } | undefined;
  readonly #held = new Map<QueryId, { reached: () => void; released: Promise<void> }>();

  /**
   * Holds the next statement `matches` accepts. `reached` resolves once it has run (its transaction
   * still open); the statement's caller goes on only after `release()`.
   */
  arm(matches: (node: RootOperationNode) => boolean): { reached: Promise<void>; release: () => void } {
    let reached!: () => void;
    let release!: () => void;
    const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    this.#armed = { matches, reached, released };
    return { reached: reachedPromise, release };
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const armed = this.#armed;
    if (armed?.matches(args.node)) {
      this.#armed = undefined;
      this.#held.set(args.queryId, { reached: armed.reached, released: armed.released });
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const held = this.#held.get(args.queryId);
    if (held) {
      this.#held.delete(args.queryId);
      held.reached();
      await held.released;
    }
    return args.result;
  }
}

/** The audit row a mutation writes last, just before it commits. */
export function isAuditInsert(node: RootOperationNode): boolean {
  return node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === 'audit_log';
}
