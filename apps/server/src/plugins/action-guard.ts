import {
  actionRule,
  bulkActionRule,
  isAction,
  isBulkAction,
  isBulkEntity,
  MESSAGES,
  type Action,
  type BulkEntity,
} from '@3ds/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../errors/app-error.ts';
import { assertMayPerform } from '../security/authorize.ts';
import type { SessionUser } from '../security/session-user.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The row of the permission table (`ACTIONS` in @3ds/domain) this route performs. */
    action?: Action;
    /** A bulk route's list (`records.bulk`): the body's `action` names the single action checked. */
    bulkEntity?: BulkEntity;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every route that is not a plain read names its action (`config.action`); the privilege of the
 * action's table row is checked before the body is validated. A mutating route without an action
 * stops the server from starting, so no route can escape the table.
 */
export const actionGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => READ_METHODS.has(m))) return;
    const action = (route.config as { action?: unknown } | undefined)?.action;
    if (!isAction(action)) throw new Error(`${methods.join(',')} ${route.url} names no action of the permission table (config.action).`);
    const isPublic = (route.config as { public?: unknown } | undefined)?.public === true;
    const bulkEntity = (route.config as { bulkEntity?: unknown } | undefined)?.bulkEntity;
    if (actionRule(action).bulk && !isBulkEntity(bulkEntity)) throw new Error(`${methods.join(',')} ${route.url} performs ${action} without naming its list (config.bulkEntity).`);
    const guard = async (request: { user: SessionUser | null; body?: unknown }) => {
      // Fails closed: a protected route reached without a user (however that came about) is a 401,
      // never a call into a service with no one to check.
      if (!request.user) {
        if (isPublic) return;
        throw unauthorized(MESSAGES.unauthorized);
      }
      if (isBulkEntity(bulkEntity)) {
        // The single action the bulk action performs; an unknown action name is the body
        // validation's 400, which comes next.
        const named = typeof request.body === 'object' && request.body !== null ? (request.body as { action?: unknown }).action : undefined;
        if (isBulkAction(named)) assertMayPerform(request.user, bulkActionRule(bulkEntity, named));
        return;
      }
      assertMayPerform(request.user, action);
    };
    route.preValidation = [...(Array.isArray(route.preValidation) ? route.preValidation : route.preValidation ? [route.preValidation] : []), guard];
  });
});
