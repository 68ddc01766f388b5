import { EVENTS, RECORD_EVENT_ENTITIES } from '@3ds/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../errors/app-error.ts';
import { bearerToken } from '../../security/bearer-token.ts';
import { MAX_STREAMS_PER_SESSION, type EventsService } from './events.service.ts';

const AUDIT_ID = /^\d{1,18}$/;

const DESCRIPTION = `A \`text/event-stream\` of live updates for any signed-in user (send the bearer token: read it with fetch, not EventSource).
First \`retry: ${EVENTS.retryMs}\` and \`event: ready\` with \`data: {"lastEventId":"<newest audit id or 0>"}\`; then, for every committed change to a record
(${RECORD_EVENT_ENTITIES.join(', ')}; one per audit row, so a bulk operation sends one per record),
\`id: <audit id>\`, \`event: change\`, \`data: {"id","entity","recordId","action","user","at"}\`; a \`: ping\` comment every ${EVENTS.pingMs / 1000} s.
With \`Last-Event-ID\` (header) or \`lastEventId\` (query), the published changes after that id are sent first, at most ${EVENTS.maxReplay};
when more were missed, \`event: reset\` with \`data: {}\` instead: refetch everything. Ids can commit out of order, so after any reconnect refetch what is on screen.
The stream ends when the session ends (sign-out, disabled user, expiry) or the server stops; a client that falls far behind is dropped. Reconnect after \`retry\` ms.
One session may hold ${MAX_STREAMS_PER_SESSION} streams at once (one per browser tab): 429 beyond, with \`Retry-After\`. A server holds at most EVENTS_MAX_STREAMS (its configuration): 503 beyond, with \`Retry-After\`.`;

export const eventsRoutes: FastifyPluginAsyncZod<{ events: EventsService }> = async (app, { events }) => {
  app.get(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Live updates: a stream of the changes to records',
        description: DESCRIPTION,
        querystring: z.object({ lastEventId: z.string().regex(AUDIT_ID, 'must be an audit id (digits)').optional() }),
        // The stream is sent as it is, never serialised: the schema only documents it.
        response: { 200: z.any().describe('text/event-stream') },
      },
    },
    async (request, reply) => {
      const sent = request.headers['last-event-id'];
      const header = Array.isArray(sent) ? sent.join(',') : sent;
      if (header !== undefined && !AUDIT_ID.test(header)) throw badRequest('Last-Event-ID must be an audit id (digits).');
      // The query is for clients that cannot set the header; the header is what a reconnection sends.
      const lastEventId = header ?? request.query.lastEventId;
      // The auth plugin let the request through: the token is there and its session live.
      const stream = await events.open({ token: bearerToken(request)!, sessionId: request.user.sessionId }, lastEventId, reply.raw);
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        // nginx and its kind would otherwise hold the events back until a buffer fills.
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );
};
