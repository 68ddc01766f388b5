import { accountabilityAnswerSchema, onHandReportAnswerSchema, type AccountabilityAnswer, type OnHandReportAnswer } from '@3ds/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { readAnswer } from '../../../lib/answer-shape.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * `GET /3ds/api/reports/on-hand` — the line items on hand (received, not destroyed), found by a quick
 * find, schedule and drug code, a page at a time, with the found set summed by schedule and drug code.
 * `GET /3ds/api/reports/accountability` — the accountability of a drug code over a period.
 */
export interface OnHandFind {
  quickFind: string;
  schedule: string;
  drugCode: string;
  page: number;
}

export const ON_HAND_PAGE_SIZE = 50;

export interface OnHandRow {
  id: number;
  yellowBucket: boolean;
  jobId: number;
  jobName: string;
  containerName: string;
  registration: string;
  ndc: string;
  description: string;
  schedule: string;
  drugCode: string;
  lot: string;
  quantity: string;
  gramsOfBase: number | '';
  dateReceived: string;
  daysLeft: number | '';
}

export interface OnHandAnswer {
  rows: OnHandRow[];
  foundCount: number;
  totalRecordCount: number;
  summary: OnHandReportAnswer['summary'];
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function parseOnHand(body: unknown): OnHandAnswer {
  const { data, dataInfo, summary } = readAnswer(onHandReportAnswerSchema, body, 'on hand');
  return {
    rows: data.map(({ fieldData: f }) => {
      const packs = str(f['Pack Quantity']);
      const size = str(f['Pack Size']);
      const uom = str(f['Pack Size UoM']);
      const fill = f['Percent Fill'];
      const partial = typeof fill === 'number' && fill !== 1 ? ` at ${Math.round(fill * 10000) / 100}%` : '';
      return {
        id: Number(f['Line Item ID']),
        yellowBucket: f['Yellow Bucket'] === true,
        jobId: Number(f['Job ID']),
        jobName: str(f['Job Name']),
        containerName: str(f['Container Name']),
        registration: str(f['Registration Number']),
        ndc: str(f['NDC Number']),
        description: str(f.Description),
        schedule: str(f.Schedule),
        drugCode: str(f['Drug Code']),
        lot: str(f['Lot Number']),
        quantity: packs && size ? `${packs} × ${size} ${uom}${partial}`.trim() : size ? `${size} ${uom}${partial}`.trim() : '',
        gramsOfBase: typeof f['Grams Of Base'] === 'number' ? f['Grams Of Base'] : '',
        dateReceived: str(f['Date Received']),
        daysLeft: typeof f['Days Left'] === 'number' ? f['Days Left'] : '',
      };
    }),
    foundCount: dataInfo.foundCount,
    totalRecordCount: dataInfo.totalRecordCount,
    summary,
  };
}

export const onHandKeys = { all: ['reports', 'on-hand'] as const, find: (find: OnHandFind) => ['reports', 'on-hand', find] as const };

export async function getOnHand(find: OnHandFind, signal?: AbortSignal) {
  const query = {
    quickFind: find.quickFind.trim() || undefined,
    schedule: find.schedule || undefined,
    drugCode: find.drugCode.trim() || undefined,
    offset: (find.page - 1) * ON_HAND_PAGE_SIZE + 1,
    limit: ON_HAND_PAGE_SIZE,
  };
  return parseOnHand(await api.get('/reports/on-hand', { signal, query }));
}

export function useOnHand(find: OnHandFind) {
  return useQuery(queryOptions({ queryKey: onHandKeys.find(find), queryFn: ({ signal }) => getOnHand(find, signal), placeholderData: keepPreviousData }));
}

export type { AccountabilityAnswer, AccountabilityFigure } from '@3ds/domain';

export interface AccountabilityQuery {
  from: string;
  to: string;
  drugCode: string;
}

export async function getAccountability(query: AccountabilityQuery): Promise<AccountabilityAnswer> {
  const body = await api.get('/reports/accountability', { query: { from: query.from.trim(), to: query.to.trim(), drugCode: query.drugCode.trim() } });
  return readAnswer(accountabilityAnswerSchema, body, 'accountability');
}
