import type { z } from 'zod';

/**
 * Reading the server's answers: a screen never acts on an answer of the wrong shape, and says so in
 * one way. Every answer is read with the schema of its contract in `@3ds/domain`, the one its route
 * declares as its response schema, so that both sides hold it to the same shape.
 */

export class UnexpectedAnswerError extends Error {
  override name = 'UnexpectedAnswerError';
}

/**
 * Throws UnexpectedAnswerError naming `what` was not as expected: also for an answer of its contract's
 * shape that lacks the one thing a screen reads of it (its first record, a file link).
 */
export function unexpectedAnswer(what: string): never {
  throw new UnexpectedAnswerError(`The server's answer has an unexpected shape (${what}).`);
}

/** The answer as a contract's schema reads it, or UnexpectedAnswerError naming `what` was expected. */
export function readAnswer<S extends z.ZodType>(schema: S, body: unknown, what: string): z.output<S> {
  const result = schema.safeParse(body);
  return result.success ? result.data : unexpectedAnswer(what);
}
