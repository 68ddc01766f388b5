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

/**
 * A current registration whose schedules include 2, and `ndcCount` schedule 2 trade-package NDCs
 * still reported to ARCOS, which its containers may hold and the NDC select can find.
 */
export async function scheduleTwoStock(request: APIRequestContext, token: string, ndcCount: number): Promise<{ registrationId: string; ndcs: string[] }> {
  const registrations = await api(request, token, 'get', 'registrations', undefined, {
    searchCriteria: JSON.stringify([{ criteria: { 'Schedule 2': 'Yes', 'Expiration Date': '>//', 'Federal/State License': '==Federal' } }]),
    limit: '1',
  });
  const registration = (registrations.data as { recordId: string }[])[0]!;
  const entries = await api(request, token, 'get', 'dictionaries', undefined, {
    searchCriteria: JSON.stringify([
      { criteria: { 'CSA Schedule LU': '==2', 'Trade Packages': 'Yes' } },
      { omit: true, criteria: { 'Removed From ARCOS': '1' } },
    ]),
    limit: String(ndcCount),
  });
  const ndcs = (entries.data as { fieldData: Json }[]).map((entry) => String(entry.fieldData['NDC Code LU']));
  expect(ndcs).toHaveLength(ndcCount);
  return { registrationId: registration.recordId, ndcs };
}
