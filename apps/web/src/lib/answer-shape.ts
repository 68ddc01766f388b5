import type { z } from 'zod';

/**
 * Reading the server's answers: a screen never acts on an answer of the wrong shape, and says so in
 * one way. Answers the domain describes are read with its contract's schema; the few read by hand
 * (a token's claims, an address's find) check each part with `isObject` first.
 */

/** A JSON object — not null, not a list: what an answer, or a part of one, must be before its fields are read. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class UnexpectedAnswerError extends Error {
  override name = 'UnexpectedAnswerError';
}

/** Throws UnexpectedAnswerError naming `what` was not as expected. */
export function unexpectedAnswer(what: string): never {
  throw new UnexpectedAnswerError(`The server's answer has an unexpected shape (${what}).`);
}

/** The answer as a contract's schema reads it, or UnexpectedAnswerError naming `what` was expected. */
export function readAnswer<S extends z.ZodType>(schema: S, body: unknown, what: string): z.output<S> {
  const result = schema.safeParse(body);
  return result.success ? result.data : unexpectedAnswer(what);
}
