import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../errors/app-error.ts';

interface Node {
  value: unknown;
  key: string;
  parent: Node | undefined;
}

function pathOf(node: Node): string {
  const keys: string[] = [];
  for (let n: Node | undefined = node; n; n = n.parent) keys.unshift(n.key);
  return keys.join('.');
}

/** What makes a string unstorable, or undefined. */
function unstorable(text: string): string | undefined {
  if (text.includes('\u0000')) return 'a NUL character (U+0000)';
  // JSON may escape half of a surrogate pair (`"\ud800"`): not Unicode text, and jsonb refuses it.
  if (!text.isWellFormed()) return 'half of a UTF-16 surrogate pair (\\ud800–\\udfff)';
  return undefined;
}

/**
 * Where a parsed request value holds text the database cannot store (`body.fieldData.Job Name` and
 * why), or undefined. Iterative with parent links: a body may be nested 100,000 deep, and building
 * every path on the way down would cost the square of its depth.
 */
export function findUnstorableText(value: unknown, root: string): { at: string; what: string } | undefined {
  const stack: Node[] = [{ value, key: root, parent: undefined }];
  while (stack.length) {
    const node = stack.pop()!;
    if (typeof node.value === 'string') {
      const what = unstorable(node.value);
      if (what) return { at: pathOf(node), what };
    } else if (node.value !== null && typeof node.value === 'object') {
      for (const [key, child] of Object.entries(node.value)) {
        const what = unstorable(key);
        if (what) return { at: `a key in ${pathOf(node)}`, what };
        stack.push({ value: child, key, parent: node });
      }
    }
  }
  return undefined;
}

/**
 * PostgreSQL text and jsonb cannot hold the NUL character (U+0000) nor half a surrogate pair: a
 * request carrying one would fail in the database (or in the audit row). Refused with 400 once the
 * request is authorised and validated, naming where.
 */
export const storableTextPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preHandler', async (request: FastifyRequest) => {
      for (const [name, value] of [
        ['body', request.body],
        ['query', request.query],
        ['params', request.params],
      ] as const) {
        const found = findUnstorableText(value, name);
        if (found) throw badRequest(`${found.at} contains ${found.what}, which cannot be stored.`);
      }
    });
  },
  { name: 'storable-text' },
);
