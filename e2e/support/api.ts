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
  method: 'get' | 'post' | 'put' | 'patch',
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

let formsIssued = 0;

/**
 * An executed Form 222 of the register for the client of `containerId`'s job (a container or a Yellow
 * Bucket), its line 1 ordering `ndc` (999 packages): the form and line a Schedule I/II item created
 * through the API is received on (`form222Number`, `form222Line`). The token's user needs CREATE_JOB
 * and UNLOCK_JOB (admin).
 */
export async function receivedOn(
  request: APIRequestContext,
  token: string,
  containerId: string | number,
  ndc: string,
  yellowBucket = false,
): Promise<{ form222Number: string; form222Line: number }> {
  const container = (await api(request, token, 'get', `${yellowBucket ? 'yb-container' : 'container'}/${containerId}`)) as { data: { fieldData: Json }[] };
  const jobId = container.data[0]!.fieldData['Job ID'];
  const job = (await api(request, token, 'get', `job/${String(jobId)}`)) as { data: { fieldData: Json }[] };
  const registrationId = Number(job.data[0]!.fieldData._fkRegistration_Record_Number);
  // A number no other form of this run or an earlier one holds: the clock's digits and a counter.
  const formNumber = `${String(Date.now()).slice(-7)}${String(++formsIssued % 100).padStart(2, '0')}`.padStart(9, '1');
  // Issued yesterday: 3DS's today may be behind this machine's clock.
  const issuedOn = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' }).format(new Date(Date.now() - 86_400_000));
  const issued = await api(request, token, 'post', 'order-form/new', { registrationId, formNumber, formKind: 'paper', issuedOn, lines: [{ lineNo: 1, ndc, packages: 999 }] });
  await api(request, token, 'post', `order-form/${String(issued.recordId)}/status`, { status: 'executed' });
  return { form222Number: formNumber, form222Line: 1 };
}

/** A current Schedule 4 registration and `ndcCount` Schedule IV trade-package NDCs its containers may hold. */
export async function scheduleFourStock(request: APIRequestContext, token: string, ndcCount: number): Promise<{ registrationId: string; ndcs: string[] }> {
  const registrations = await api(request, token, 'get', 'registrations', undefined, {
    searchCriteria: JSON.stringify([{ criteria: { 'Schedule 4': 'Yes', 'Expiration Date': '>//', 'Federal/State License': '==Federal' } }]),
    limit: '1',
  });
  const registrationId = (registrations.data as { recordId: string }[])[0]!.recordId;
  const entries = await api(request, token, 'get', 'dictionaries', undefined, {
    searchCriteria: JSON.stringify([{ criteria: { 'CSA Schedule LU': '==4', 'Trade Packages': 'Yes' } }]),
    limit: String(ndcCount),
  });
  const ndcs = (entries.data as { fieldData: Json }[]).map((entry) => String(entry.fieldData['NDC Code LU']));
  expect(ndcs).toHaveLength(ndcCount);
  return { registrationId, ndcs };
}

/**
 * A job of a Schedule 4 client whose client declared `declared` packages of a Schedule IV NDC, of
 * which `received` arrived (one line item): a line of its reconciliation short.
 */
export async function shortShipment(request: APIRequestContext, token: string, declared: number, received: number): Promise<{ jobId: string; ndc: string }> {
  const { registrationId, ndcs } = await scheduleFourStock(request, token, 1);
  const ndc = ndcs[0]!;
  const job = await api(request, token, 'post', 'job', { fieldData: { _fkRegistration_Record_Number: Number(registrationId), 'Job Name': `Short ${Date.now()}` } });
  const jobId = String(job.recordId);
  await api(request, token, 'put', `job/${jobId}/declared`, { items: [{ ndc, packages: declared }] });
  const container = await api(request, token, 'post', 'container/new', { jobId: Number(jobId), containerName: 'Short tote' });
  await api(request, token, 'post', 'line-item/new', { containerId: Number(container.recordId), ndc, packQuantity: received, percentFill: 1 });
  return { jobId, ndc };
}

/**
 * A theft found by a job's reconciliation: a shipment one package short (`shortShipment`), its line
 * resolved as a theft, which opens a loss. The token's user needs CREATE_JOB, CREATE_LINE_ITEM and
 * LOCK_JOB (admin).
 */
export async function theftFound(request: APIRequestContext, token: string): Promise<{ jobId: string; lossId: string; ndc: string }> {
  const { jobId, ndc } = await shortShipment(request, token, 3, 2);
  const resolved = await api(request, token, 'post', `job/${jobId}/reconciliation/resolve`, { key: `ndc:${ndc}:*`, declared: 3, received: 2, reason: 'theft', note: 'Tote seal cut on arrival' });
  const line = (resolved.lines as { key: string; lossId: number | null }[]).find((candidate) => candidate.key === `ndc:${ndc}:*`)!;
  return { jobId, lossId: String(line.lossId), ndc };
}
