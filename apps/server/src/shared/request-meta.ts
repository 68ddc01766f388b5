import type { FastifyRequest } from 'fastify';

/**
 * Where a request came from, as a sign-in and a witness's confirmation keep it: the client's address
 * (as `TRUST_PROXY` reads it behind proxies), its browser, and the request's id for the audit row.
 */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  requestId: string;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null, requestId: request.id };
}
