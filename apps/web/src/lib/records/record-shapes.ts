/**
 * The shapes of the records API's answers (DESIGN §4, FILEMAKER.md), checked by hand rather than
 * with zod: the zod schema kinds these need (union, record, number, null) are not in the shell
 * yet, and rolldown would put them in the first-load bundle because zod's modules live there.
 */
export type FieldValue = string | number | null;
export type FieldData = Record<string, FieldValue>;

/** A field's value as text for the screen: empty for none, surrounding spaces dropped. */
export const fieldText = (value: FieldValue | undefined): string => (value === null || value === undefined ? '' : String(value).trim());

/** A record's field as text for the screen. */
export const recordText = (record: { fieldData: FieldData }, name: string): string => fieldText(record.fieldData[name]);

export interface ListRecord {
  recordId: string;
  modId: string;
  fieldData: FieldData;
  portalData: Record<string, FieldData[]>;
}

export interface ListResponse {
  data: ListRecord[];
  dataInfo: { foundCount: number; returnedCount: number; totalRecordCount: number };
}

export interface PortalInfo {
  portalObjectName: string;
  foundCount: number;
  returnedCount: number;
}

export interface RecordData extends ListRecord {
  portalDataInfo: PortalInfo[];
}

export class UnexpectedAnswerError extends Error {
  override name = 'UnexpectedAnswerError';
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fail(what: string): never {
  throw new UnexpectedAnswerError(`The server's answer has an unexpected shape (${what}).`);
}

function fieldData(value: unknown, what: string): FieldData {
  if (!isObject(value)) fail(what);
  for (const item of Object.values(value)) {
    if (item !== null && typeof item !== 'string' && typeof item !== 'number') fail(what);
  }
  return value as FieldData;
}

function listRecord(value: unknown, what: string): ListRecord {
  if (!isObject(value) || typeof value.recordId !== 'string') fail(`${what}.recordId`);
  const portals: Record<string, FieldData[]> = {};
  if (value.portalData !== undefined) {
    if (!isObject(value.portalData)) fail(`${what}.portalData`);
    for (const [name, rows] of Object.entries(value.portalData)) {
      if (!Array.isArray(rows)) fail(`${what}.portalData.${name}`);
      portals[name] = rows.map((row, index) => fieldData(row, `${what}.portalData.${name}[${index}]`));
    }
  }
  return {
    recordId: value.recordId,
    modId: typeof value.modId === 'string' ? value.modId : '',
    fieldData: fieldData(value.fieldData, `${what}.fieldData`),
    portalData: portals,
  };
}

const count = (value: unknown, what: string): number => (typeof value === 'number' ? value : fail(what));

export function parseListResponse(body: unknown): ListResponse {
  if (!isObject(body) || !Array.isArray(body.data) || !isObject(body.dataInfo)) fail('data, dataInfo');
  const info = body.dataInfo;
  return {
    data: body.data.map((item, index) => listRecord(item, `data[${index}]`)),
    dataInfo: {
      foundCount: count(info.foundCount, 'foundCount'),
      returnedCount: count(info.returnedCount, 'returnedCount'),
      totalRecordCount:
        typeof info.totalRecordCount === 'number' ? info.totalRecordCount : count(info.foundCount, 'foundCount'),
    },
  };
}

export function parseRecordResponse(body: unknown): RecordData {
  if (!isObject(body) || !Array.isArray(body.data) || body.data.length === 0) fail('data[0]');
  const first: unknown = body.data[0];
  const record = listRecord(first, 'data[0]');
  const infos = isObject(first) && Array.isArray(first.portalDataInfo) ? first.portalDataInfo : [];
  return {
    ...record,
    portalDataInfo: infos.flatMap((info) =>
      isObject(info) && typeof info.portalObjectName === 'string'
        ? [
            {
              portalObjectName: info.portalObjectName,
              foundCount: typeof info.foundCount === 'number' ? info.foundCount : 0,
              returnedCount: typeof info.returnedCount === 'number' ? info.returnedCount : 0,
            },
          ]
        : [],
    ),
  };
}

/** `{ data: [{ fieldData: { Container: url } }] }` → the url (exports, reports). */
export function parseFileLink(body: unknown, field: 'Container' | 'GlobalContainer' = 'Container'): string {
  if (!isObject(body) || !Array.isArray(body.data)) fail('data');
  const first: unknown = body.data[0];
  const link = isObject(first) && isObject(first.fieldData) ? first.fieldData[field] : undefined;
  if (typeof link !== 'string' || link === '') fail(`data[0].fieldData.${field}`);
  return link;
}
