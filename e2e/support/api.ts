import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expect } from './fixtures.ts';

/**
 * The API as journeys use it to make the records they then work on through the screens, so a
 * journey depends neither on the demo data's counts nor on other journeys.
 */

export type Json = Record<string, unknown>;

/** A bearer token for a demo user (password `demo`). */
export async function apiToken(request: APIRequestContext, username = 'admin'): Promise<string> {
  const response = await request.post('api/login', { data: { username, password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** Calls `/3ds/api/<path>` and answers the JSON body; a call that fails fails the journey, naming the call. */
export async function api(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post' | 'patch',
  path: string,
  data?: Json,
  params?: Record<string, string>,
): Promise<Json> {
  const response = await request[method](`api/${path}`, { headers: { authorization: `Bearer ${token}` }, data, params });
  const body = (await response.json()) as Json;
  expect(response.ok(), `${method.toUpperCase()} ${path}: ${JSON.stringify(body)}`).toBe(true);
  return body;
}

/** Today as the API writes dates (MM/DD/YYYY). */
export function todayUs(): string {
  const now = new Date();
  return `${String(now.getMonth() + 1).padStart(2, '0')}/${String(now.getDate()).padStart(2, '0')}/${now.getFullYear()}`;
}
