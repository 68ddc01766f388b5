import { CATALOGUE } from '@3ds/domain';
import { describe, expect, it } from 'vitest';
import { exportBody, exportRecordType, downloadHref } from '../src/lib/records/export-records.ts';
import { listQueryParams } from '../src/lib/records/list-records.ts';
import { parseFileLink, parseListResponse } from '../src/lib/records/record-shapes.ts';
import { formatColumnValue, isYes } from '../src/components/list-screen/cell-format.ts';
import { fieldCaption, portalColumns, portalTitle } from '../src/components/record-view/record-fields.ts';

const lineItems = CATALOGUE['line-items'];
const column = (field: string) => lineItems.columns.find((c) => c.field === field)!;

describe('list cells', () => {
  it('shows a percent column as 0.00%', () => {
    expect(formatColumnValue(column('Percent Fill'), { 'Percent Fill': 1 })).toBe('100.00%');
    expect(formatColumnValue(column('Percent Fill'), { 'Percent Fill': 0.335 })).toBe('33.50%');
    expect(formatColumnValue(column('Percent Fill'), { 'Percent Fill': '' })).toBe('');
  });

  it('shows a "with" column as "value uom"', () => {
    expect(formatColumnValue(column('Pack Size'), { 'Pack Size': 30, 'Pack Size UoM': 'U' })).toBe('30 U');
    expect(formatColumnValue(column('Pack Size'), { 'Pack Size': 30, 'Pack Size UoM': '' })).toBe('30');
    expect(formatColumnValue(column('Pack Quantity'), { 'Pack Quantity': '', 'Pack Quantity UoM': '' })).toBe('');
  });

  it('shows dates as the API gives them', () => {
    expect(formatColumnValue(column('Job::Date Transfer'), { 'Job::Date Transfer': '02/14/2024' })).toBe('02/14/2024');
  });

  it('reads yes/no flags case-insensitively', () => {
    expect(isYes('Yes')).toBe(true);
    expect(isYes('YES')).toBe(true);
    expect(isYes('No')).toBe(false);
    expect(isYes('')).toBe(false);
  });
});

describe('list and export requests', () => {
  const find = [{ omit: true, criteria: { State: 'NJ' } }];
  const sort = [{ fieldName: 'City', sortOrder: 'descend' as const }];

  it('asks for a page with the quick find, the requests and the sort', () => {
    expect(listQueryParams({ page: 3, size: 25, quick: ' acme ', find, sort })).toMatchObject({
      offset: 51,
      limit: 25,
      quickFind: true,
      quickFindCriteria: 'acme',
      search: true,
      searchCriteria: find,
      sort,
    });
    expect(listQueryParams({ page: 1, size: 50, quick: '', find: [], sort: [] })).toMatchObject({
      offset: undefined,
      quickFind: undefined,
      search: undefined,
      sort: undefined,
    });
  });

  it('exports exactly the on-screen find and sort, as JSON values', () => {
    expect(exportBody({ entity: 'yb-containers', fileType: 'pdf', quick: 'x', find, sort })).toEqual({
      fileType: 'pdf',
      recordType: 'yb',
      quickFind: true,
      quickFindCriteria: 'x',
      search: true,
      searchCriteria: find,
      sort,
    });
    expect(exportBody({ entity: 'jobs', fileType: 'xlsx', quick: '', find: [], sort: [] })).toEqual({ fileType: 'xlsx', recordType: 'cn' });
  });

  it('uses yb only for the Yellow Bucket lists', () => {
    expect(exportRecordType('yb-line-items')).toBe('yb');
    expect(exportRecordType('yb-containers')).toBe('yb');
    expect(exportRecordType('line-items')).toBe('cn');
    expect(exportRecordType('containers')).toBe('cn');
  });

  it('reads the file link', () => {
    const link = '/3ds/api/files/7/export.xlsx?exp=1&sig=abc';
    expect(parseFileLink({ data: [{ fieldData: { Container: link } }] })).toBe(link);
    expect(downloadHref(link)).toBe(link);
    expect(downloadHref('files/7/export.pdf')).toBe('/3ds/api/files/7/export.pdf');
    expect(() => parseFileLink({ data: [] })).toThrow(/unexpected shape/);
  });

  it('checks the list answer', () => {
    const answer = parseListResponse({
      data: [{ recordId: '1', modId: '0', fieldData: { A: 1, B: '' }, portalData: {} }],
      dataInfo: { foundCount: 1, returnedCount: 1, totalRecordCount: 9 },
      scriptResult: '{"foundCount":1}',
    });
    expect(answer.data[0]?.fieldData).toEqual({ A: 1, B: '' });
    expect(() => parseListResponse({ data: [{ fieldData: {} }] })).toThrow(/unexpected shape/);
  });
});

describe('record view', () => {
  const companies = CATALOGUE.companies.fields;
  const registrations = CATALOGUE.registrations.fields;
  it('captions a field by its label, or by its API name when the label is shared or too terse', () => {
    expect(fieldCaption(companies.find((f) => f.name === 'Company Name')!, companies)).toBe('Name');
    expect(fieldCaption(companies.find((f) => f.name === 'Modified By')!, companies)).toBe('Modified By');
    expect(fieldCaption(registrations.find((f) => f.name === 'Schedule 2N')!, registrations)).toBe('Schedule 2N');
  });

  it('heads portal columns with the field part of "Portal::Field"', () => {
    expect(portalColumns([{ recordId: '1', modId: '0', 'Containers::Container Name': 'A', 'Containers::Pallet': 'P' }])).toEqual([
      { key: 'Containers::Container Name', header: 'Container Name' },
      { key: 'Containers::Pallet', header: 'Pallet' },
    ]);
    expect(portalTitle('Contacts_Info')).toBe('Contacts Info');
    expect(portalTitle('YellowBuckets')).toBe('Yellow Buckets');
  });
});

describe('record view captions', () => {
  it('keeps a short "ID" label', () => {
    const jobs = CATALOGUE.jobs.fields;
    expect(fieldCaption(jobs.find((f) => f.name === '__PKJobID')!, jobs)).toBe('ID');
  });
});
