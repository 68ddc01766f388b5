/**
 * The shapes of the records API's answers (docs/finds.md), read with the domain's contract
 * (the schemas the server describes its answers with). The web reads only what it uses: of a list's
 * `dataInfo` the counts, not the database and layout names.
 */
import { fileLinkAnswerSchema, labelLinkAnswerSchema, listAnswerSchema, recordAnswerSchema, type ListAnswer, type PortalInfo } from '@3ds/domain';
import type { z } from 'zod';
import { readAnswer, unexpectedAnswer } from '../answer-shape.ts';

/** A field's value on screen: the answer's text or number, or null where a screen has none to show. */
export type FieldValue = z.infer<typeof listAnswerSchema>['data'][number]['fieldData'][string] | null;
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
  dataInfo: Pick<ListAnswer['dataInfo'], 'foundCount' | 'returnedCount' | 'totalRecordCount'>;
}

export type { PortalInfo };

export interface RecordData extends ListRecord {
  portalDataInfo: PortalInfo[];
}

const listReader = listAnswerSchema.pick({ data: true }).extend({
  dataInfo: listAnswerSchema.shape.dataInfo.pick({ foundCount: true, returnedCount: true, totalRecordCount: true }),
});

export function parseListResponse(body: unknown): ListResponse {
  return readAnswer(listReader, body, 'data, dataInfo');
}

export function parseRecordResponse(body: unknown): RecordData {
  return readAnswer(recordAnswerSchema, body, 'data[0]').data[0] ?? unexpectedAnswer('data[0]');
}

/** `{ data: [{ fieldData: { Container: url } }] }` → the url (exports, reports; a label's is `GlobalContainer`). */
export function parseFileLink(body: unknown, field: 'Container' | 'GlobalContainer' = 'Container'): string {
  const first = field === 'Container' ? readAnswer(fileLinkAnswerSchema, body, 'data').data[0]?.fieldData.Container : readAnswer(labelLinkAnswerSchema, body, 'data').data[0]?.fieldData.GlobalContainer;
  return first || unexpectedAnswer(`data[0].fieldData.${field}`);
}
