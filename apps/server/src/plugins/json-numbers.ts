import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { validationFailed } from '../errors/app-error.ts';

/** The smallest positive number a double holds at full precision; below it (but for 0) digits are lost. */
const SMALLEST_NORMAL = 2.2250738585072014e-308;
/** A number token of JSON (RFC 8259 §6), read where a value starts. */
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/** Text that may hold a number a double cannot: an exponent, or 300 digits in a row. */
const MAYBE_OUT_OF_RANGE = /\d[eE]|\d{300}/;
/** How many refusals are named at most. */
const MAX_NAMED = 10;

export interface OutOfRangeNumber {
  /** Where: `body.fieldData.Pack Quantity`, `body.query.0.limit`. */
  at: string;
  /** The number as it was written. */
  text: string;
  kind: 'too large' | 'too small';
}

interface Frame {
  array: boolean;
  /** The member being read (an object's key, an array's index). */
  key: string;
  /** An object that expects a key next. */
  expectKey: boolean;
}

/**
 * The numbers of a JSON text that a double cannot hold: too large (JSON.parse makes them Infinity,
 * which JSON cannot even write back) or nonzero but too close to 0 (JSON.parse makes `1e-400` 0, and
 * `1e-310` loses its digits). `text` must be valid JSON (parsed already). Read as text, iteratively:
 * a body may be nested 100,000 deep; most bodies are not read at all (no exponent, no long digits).
 */
export function findOutOfRangeNumbers(text: string, root = 'body', limit = MAX_NAMED): OutOfRangeNumber[] {
  if (!MAYBE_OUT_OF_RANGE.test(text)) return [];
  const found: OutOfRangeNumber[] = [];
  const stack: Frame[] = [];
  const pathOf = () => [root, ...stack.map((frame) => frame.key)].join('.');
  let i = 0;
  while (i < text.length && found.length < limit) {
    const c = text[i]!;
    if (c === '{' || c === '[') {
      stack.push({ array: c === '[', key: c === '[' ? '0' : '', expectKey: c === '{' });
      i++;
    } else if (c === '}' || c === ']') {
      stack.pop();
      i++;
    } else if (c === ',') {
      const top = stack[stack.length - 1];
      if (top?.array) top.key = String(Number(top.key) + 1);
      else if (top) top.expectKey = true;
      i++;
    } else if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      if (top && !top.array && top.expectKey) {
        top.key = JSON.parse(text.slice(i, end + 1)) as string;
        top.expectKey = false;
      }
      i = end + 1;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      const token = NUMBER.exec(text)![0];
      const value = Math.abs(Number(token));
      const mantissa = token.split(/[eE]/)[0]!;
      if (value === Infinity) found.push({ at: pathOf(), text: token, kind: 'too large' });
      else if (value < SMALLEST_NORMAL && /[1-9]/.test(mantissa)) found.push({ at: pathOf(), text: token, kind: 'too small' });
      i += token.length;
    } else {
      // Whitespace, ':' and the letters of true, false and null.
      i++;
    }
  }
  return found;
}

function describe(number: OutOfRangeNumber): string {
  const shown = number.text.length > 40 ? `${number.text.slice(0, 37)}...` : number.text;
  return number.kind === 'too large'
    ? `${number.at} is ${shown}, too large to be a number (more than 1.8e308); send a plain decimal like 12 or 0.5.`
    : `${number.at} is ${shown}, too close to 0 to be stored as written (it would become 0); send 0 or a plain decimal like 0.5.`;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Numbers of the JSON body that a double cannot hold, found as the body was parsed. */
    outOfRangeNumbers?: OutOfRangeNumber[];
  }
}

/**
 * JSON bodies are parsed as before (Fastify's parser: `__proto__` and `constructor.prototype` keys
 * refused), and their text is also read for numbers a double cannot hold, which JSON.parse would
 * quietly turn into 0 or Infinity before any schema sees them. Such a body is refused with 422
 * naming where, after the route's privilege check (403 first) and before its validation.
 */
export const jsonNumbersPlugin = fp(
  async (app: FastifyInstance) => {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, body: string | Buffer, done) => {
      parse(request, body as string, (error: Error | null, value?: unknown) => {
        if (error) return done(error, undefined);
        const found = findOutOfRangeNumbers(body as string);
        if (found.length) request.outOfRangeNumbers = found;
        done(null, value);
      });
    });
    const refuse = async (request: FastifyRequest) => {
      const found = request.outOfRangeNumbers;
      if (!found?.length) return;
      const details = found.map(describe);
      throw validationFailed(details.length === 1 ? details[0]! : `${details[0]} (and ${details.length - 1} more)`, details);
    };
    // After the routes' own preValidation: registered after actionGuardPlugin, whose privilege guard
    // is added to each route the same way, so a refused privilege is still the 403.
    app.addHook('onRoute', (route) => {
      const hooks = Array.isArray(route.preValidation) ? route.preValidation : route.preValidation ? [route.preValidation] : [];
      route.preValidation = [...hooks, refuse];
    });
  },
  { name: 'json-numbers' },
);
