import { execFileSync } from 'node:child_process';
import { CATALOGUE, PRINT_COLUMNS, type EntityName } from '@3ds/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/test-app.ts';
import { createCompany, createContainer, createJob, createLineItem, createRegistration } from '../support/record-factories.ts';

/**
 * Every list's PDF export, read back as a person's PDF reader shows it (pdftotext, Debian's
 * poppler-utils), holds every row's identifying values whole (PRINT_COLUMNS): NDC, description,
 * lot, serial, registration, Form 222 number, names. Long values wrap onto several lines of their
 * cell, so the text is compared without whitespace.
 */
let t: TestApp;
let jobId: number;
let containerId: number;
let ybContainerId: number;
let companyId: number;

const LONG_COMPANY = 'The Extraordinarily Long-Named Regional Pharmaceutical Distribution Cooperative of the Greater Ohio Valley';
const LONG_DESCRIPTION = 'HYDROCODONE BITARTRATE/ACETAMINOPHEN 10 MG/325 MG TABLET, FILM COATED, EXTENDED RELEASE, UNIT-DOSE BLISTER PACK';

beforeAll(async () => {
  t = await buildTestApp({ template: 'demo' });
  const company = await createCompany(t.db, { name: LONG_COMPANY, address1: '1200 Extraordinarily Long Industrial Parkway Building C' });
  companyId = company.id;
  const registration = await createRegistration(t.db, { company_id: company.id, registration_number: 'RL1234563' });
  const job = await createJob(t.db, { registration_id: registration.id, name: 'Quarterly destruction of the long-named cooperative, Greater Ohio Valley site' });
  jobId = job.id;
  const container = await createContainer(t.db, { job_id: job.id, name: 'Gaylord tote number forty-two of the north dock, second row' });
  containerId = container.id;
  const yb = await createContainer(t.db, { job_id: job.id, kind: 'yellow_bucket', name: 'Yellow Bucket drum of the long-named cooperative' });
  ybContainerId = yb.id;
  for (let i = 0; i < 40; i++) {
    await createLineItem(t.db, {
      container_id: i % 4 === 3 ? yb.id : container.id,
      ndc: i % 2 ? '00406-0552-01' : '00054-0243-**',
      ndc_description: i % 3 ? LONG_DESCRIPTION : `OXYCODONE HCL ${i} MG TABLET`,
      lot_number: i % 5 ? `LOT-2025-${String(i).padStart(4, '0')}-NORTHWEST-REGION-BATCH-${i}` : null,
      serial_number: i % 2 ? `SN${String(i).padStart(18, '7')}` : null,
      form_222_number: i % 3 ? `${String(100000000 + i * 7919).slice(0, 9)}` : null,
    });
  }
});
afterAll(() => t.close());

/** The text of a PDF as pdftotext reads it, in drawing order, without whitespace. */
function pdfText(bytes: Buffer): string {
  return execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: bytes }).toString('utf8').replace(/\s+/g, '');
}

async function exportPdf(entity: string, body: Record<string, unknown>): Promise<Buffer> {
  const res = await t.injectAs('viewer', { method: 'POST', url: `/3ds/api/${entity}/export`, payload: { fileType: 'pdf', ...body } });
  expect(res.statusCode, res.body).toBe(200);
  const download = await t.app.inject({ method: 'GET', url: res.json().data[0].fieldData.Container });
  expect(download.statusCode).toBe(200);
  return download.rawPayload;
}

/** The records a find lists, as the list answers them (all of them: at most 1,000 here). */
async function listed(entity: EntityName, searchCriteria: unknown): Promise<Record<string, unknown>[]> {
  const res = await t.injectAs('viewer', { method: 'GET', url: `/3ds/api/${entity}?limit=1000&searchCriteria=${encodeURIComponent(JSON.stringify(searchCriteria))}` });
  expect(res.statusCode, res.body).toBe(200);
  const { data, dataInfo } = res.json() as { data: { fieldData: Record<string, unknown> }[]; dataInfo: { foundCount: number } };
  expect(data.length).toBe(dataInfo.foundCount);
  return data.map((d) => d.fieldData);
}

/** Each row's identifying values the text lacks, as "row: field value". */
function missing(entity: EntityName, rows: Record<string, unknown>[], text: string): string[] {
  const fields = PRINT_COLUMNS[entity].identifying.filter((f) => CATALOGUE[entity].columns.some((c) => c.field === f));
  expect(fields.length).toBeGreaterThan(1);
  return rows.flatMap((row, i) =>
    fields.flatMap((field) => {
      const value = String(row[field] ?? '').replace(/\s+/g, '');
      return value === '' || text.includes(value) ? [] : [`row ${i + 1}: ${field} ${String(row[field])}`];
    }),
  );
}

interface Case {
  name: string;
  /** The list exported, and its find. */
  entity: string;
  body: () => Record<string, unknown>;
  /** The list the file's rows are, and the find that lists them. */
  rows: EntityName;
  rowFind: () => unknown;
}

const CASES: Case[] = [
  { name: 'Companies', entity: 'companies', body: () => ({}), rows: 'companies', rowFind: () => [{ criteria: { Company_PK_ID: '*' } }] },
  {
    name: 'Registrations',
    entity: 'registrations',
    body: () => ({ searchCriteria: [{ criteria: { 'Company ID': `1...${companyId}` } }] }),
    rows: 'registrations',
    rowFind: () => [{ criteria: { 'Company ID': `1...${companyId}` } }],
  },
  {
    name: 'Line Items (of the first jobs, and of the long-named one)',
    entity: 'line-items',
    body: () => ({ searchCriteria: [{ criteria: { id_Job: '1...4' } }, { criteria: { id_Job: `==${jobId}` } }] }),
    rows: 'line-items',
    rowFind: () => [{ criteria: { id_Job: '1...4' } }, { criteria: { id_Job: `==${jobId}` } }],
  },
  {
    name: 'Yellow Bucket Line Items (every one)',
    entity: 'yb-line-items',
    body: () => ({}),
    rows: 'yb-line-items',
    rowFind: () => [{ criteria: { 'Container Line Item ID': '*' } }],
  },
  {
    name: 'a job’s standard line items',
    entity: 'jobs',
    body: () => ({ recordType: 'cn', searchCriteria: [{ criteria: { __PKJobID: `==${jobId}` } }] }),
    rows: 'line-items',
    rowFind: () => [{ criteria: { id_Job: `==${jobId}` } }],
  },
  {
    name: 'a job’s Yellow Bucket line items',
    entity: 'jobs',
    body: () => ({ recordType: 'yb', searchCriteria: [{ criteria: { __PKJobID: `==${jobId}` } }] }),
    rows: 'yb-line-items',
    rowFind: () => [{ criteria: { id_Job: `==${jobId}` } }],
  },
  {
    name: 'a container’s line items',
    entity: 'containers',
    body: () => ({ searchCriteria: [{ criteria: { Container_PK_ID: `==${containerId}` } }] }),
    rows: 'line-items',
    rowFind: () => [{ criteria: { id_container: `==${containerId}` } }],
  },
  {
    name: 'a Yellow Bucket container’s line items',
    entity: 'yb-containers',
    body: () => ({ searchCriteria: [{ criteria: { 'Container ID': `==${ybContainerId}` } }] }),
    rows: 'yb-line-items',
    rowFind: () => [{ criteria: { 'Container ID': `==${ybContainerId}` } }],
  },
  {
    name: 'NDC Dictionary (the NDCs of two labelers)',
    entity: 'dictionaries',
    body: () => ({ searchCriteria: [{ criteria: { 'NDC Code LU': '00054' } }, { criteria: { 'NDC Code LU': '00406' } }] }),
    rows: 'dictionaries',
    rowFind: () => [{ criteria: { 'NDC Code LU': '00054' } }, { criteria: { 'NDC Code LU': '00406' } }],
  },
];

describe('PDF exports keep what identifies a row', () => {
  it.each(CASES)('$name: every row’s identifying values are in the text', async ({ entity, body, rows, rowFind }) => {
    const text = pdfText(await exportPdf(entity, body()));
    const records = await listed(rows, rowFind());
    expect(records.length).toBeGreaterThan(0);
    expect(missing(rows, records, text)).toEqual([]);
  });

  it('says on the page when it shows a chosen set of the list’s columns', async () => {
    const text = execFileSync('pdftotext', ['-raw', '-', '-'], { input: await exportPdf('line-items', { searchCriteria: [{ criteria: { id_Job: `==${jobId}` } }] }) }).toString('utf8');
    const shown = PRINT_COLUMNS['line-items'].pdf!.length;
    expect(text).toContain(`${shown} of the list's ${CATALOGUE['line-items'].columns.length} columns; the Excel export has every column.`);
    expect(text.split('\n')[0]).toBe('Line Items');
  });
});
