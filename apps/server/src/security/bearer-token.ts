/** The request's headers as far as a bearer token goes (a Fastify request, an HTTP request). */
export interface WithAuthorization {
  headers: { authorization?: string | undefined };
}

/** The bearer token of the Authorization header, if any. */
export function bearerToken(request: WithAuthorization): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}
