import { ERROR_CODES, type ApiErrorBody, type ErrorCode } from '@3ds/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, ClientGone, titleForStatus } from '../errors/app-error.ts';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ERROR_CODES.badRequest,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.tooLarge,
  415: ERROR_CODES.unsupportedMedia,
  422: ERROR_CODES.validation,
  429: ERROR_CODES.tooManyAttempts,
  503: ERROR_CODES.unavailable,
};

/** Fastify's own client errors, reworded for people. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
};

const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now, 53300 too many connections. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What pg says when a connection dies or cannot be had; these errors carry no code. */
const CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|terminating connection/i;

/**
 * Connection-level database failures (the database restarting, unreachable or refusing
 * connections): the request may be retried once the database is back, so they answer 503.
 * Class 08 is SQLSTATE's "connection exception". A connection refused to every address of a
 * host arrives as an AggregateError of the single failures.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  const e = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (!e || typeof e !== 'object' || depth > 3) return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.length && e.errors.every((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return e.cause !== undefined && isDatabaseUnavailable(e.cause, depth + 1);
}

/** 23503 foreign_key_violation (PostgreSQL 15) and 23001 restrict_violation (PGlite, PostgreSQL 17). */
function isReferencedRowError(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return code === '23503' || code === '23001';
}

function zodIssuesToText(error: FastifyError): string[] {
  const validation = (error as unknown as { validation: { instancePath?: string; message?: string; params?: { issue?: { path?: unknown[] } } }[] }).validation;
  const context = (error as unknown as { validationContext?: string }).validationContext ?? 'request';
  return validation.map((v) => {
    const path = v.params?.issue?.path?.join('.') ?? v.instancePath?.replace(/^\//, '').replaceAll('/', '.');
    return `${context}${path ? `.${path}` : ''}: ${v.message ?? 'is invalid'}`;
  });
}

export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      let status: number;
      let body: ApiErrorBody;
      if (error instanceof ClientGone) {
        // Nobody is there to read an answer: the read stopped because its client went away.
        request.log.info('the client went away before its read was answered');
        return reply.status(499).send({ title: 'Client Closed Request', message: error.message, code: ERROR_CODES.badRequest });
      }
      if (error instanceof AppError) {
        status = error.status;
        body = {
          title: error.title,
          message: error.message,
          code: error.code,
          ...(error.details ? { details: error.details } : {}),
          ...(error.incomplete ? { incomplete: error.incomplete } : {}),
        };
        if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      } else if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
        const details = zodIssuesToText(error);
        status = 400;
        body = { title: titleForStatus(400), message: `The request is not valid: ${details.join('; ')}`, code: ERROR_CODES.badRequest, details };
      } else if (isReferencedRowError(error)) {
        // Services check what they can first; this is the database's last word on a foreign key.
        const stillUsed = /still referenced|violates RESTRICT/i.test((error as Error).message ?? '') || (error as { code?: string }).code === '23001';
        status = stillUsed ? 409 : 422;
        body = stillUsed
          ? { title: titleForStatus(409), message: 'This record is still in use by other records and cannot be removed.', code: ERROR_CODES.conflict }
          : { title: titleForStatus(422), message: 'The change refers to a record that does not exist.', code: ERROR_CODES.validation, details: ['The change refers to a record that does not exist.'] };
      } else if (isDatabaseUnavailable(error)) {
        status = 503;
        request.log.warn({ err: error }, 'database unavailable');
        body = { title: titleForStatus(503), message: 'The database is not reachable right now. Try again in a moment.', code: ERROR_CODES.unavailable };
      } else if (!isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        status = error.statusCode;
        body = {
          title: titleForStatus(status),
          message: FASTIFY_MESSAGES[error.code] ?? error.message,
          code: CODE_BY_STATUS[status] ?? ERROR_CODES.badRequest,
        };
      } else {
        status = 500;
        request.log.error({ err: error }, 'unhandled error');
        body = {
          title: titleForStatus(500),
          message: `Something went wrong on the server. Quote request id ${request.id} when you report it.`,
          code: ERROR_CODES.internal,
          requestId: request.id,
        };
      }
      if (status >= 500 && status !== 503) request.log.error({ status }, body.message);
      return reply.status(status).send(body);
    });
  },
  { name: 'error-handler' },
);
