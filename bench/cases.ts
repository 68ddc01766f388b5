import type { EntityName } from '@3ds/domain';
import { detailPlan, listPlan, type DirectPlan, type FindRequestSpec, type ListSpec } from './direct-sql.ts';

/**
 * The bench's cases (docs/performance.md). Each is a set of API paths (several when a case cycles through
 * pages) and, for each path, the plan of the same request in plain SQL for the direct server.
 * run.ts judges them all by the same targets (TARGETS there).
 */
export interface BenchCase {
  name: string;
  kind: 'list' | 'detail';
  /** What it is, for the table's legend and the README. */
  description: string;
  /** Paths under the server root, query string included. */
  paths: string[];
  direct: DirectPlan[];
}

/** What the cases need from the data, looked up once per run (run.ts `lookUpParams`). */
export interface BenchParams {
  /** The demo users' parent organisation (dictionaries are scoped by it). */
  organization: string;
  /** A job with many standard line items. */
  jobWithManyItems: number;
  /** A standard container with many line items. */
  containerWithManyItems: number;
  /** A job with many containers. */
  jobWithManyContainers: number;
  /** An NDC prefix that matches a small share of the line items. */
  ndcPrefix: string;
}

export const API = '/3ds/api';
export const PAGE_SIZE = 50;
/** Page 200 of 50: offset 9,951 (1-based). */
export const DEEP_OFFSET = 199 * PAGE_SIZE + 1;
export const QUICK_FIND = 'oxy';

const LIST_ENTITIES: readonly EntityName[] = [
  'companies',
  'registrations',
  'jobs',
  'containers',
  'yb-containers',
  'line-items',
  'yb-line-items',
  'dictionaries',
];

interface ListCall {
  entity: EntityName;
  offset: number;
  quickFind?: string;
  /** As the API takes them; also turned into the direct plan's requests. */
  requests?: { omit?: boolean; criteria: Record<string, string> }[];
  sort?: { fieldName: string; sortOrder: 'ascend' | 'descend' }[];
}

/** The query string the web app sends for a list state (list-records.ts `listQueryParams`). */
export function listPath(call: ListCall): string {
  const query = new URLSearchParams({ offset: String(call.offset), limit: String(PAGE_SIZE) });
  if (call.quickFind) {
    query.set('quickFind', 'true');
    query.set('quickFindCriteria', call.quickFind);
  }
  if (call.requests?.length) {
    query.set('search', 'true');
    query.set('searchCriteria', JSON.stringify(call.requests));
  }
  if (call.sort?.length) query.set('sort', JSON.stringify(call.sort));
  return `${API}/${call.entity}?${query}`;
}

/** The API's find requests as the direct plan's: `==n` on a number field is equality, anything else "words begin". */
function toRequestSpecs(call: ListCall, numberFields: ReadonlySet<string>): FindRequestSpec[] | undefined {
  return call.requests?.map((r) => ({
    ...(r.omit ? { omit: true } : {}),
    criteria: Object.entries(r.criteria).map(([name, value]) => {
      if (numberFields.has(name)) {
        const m = /^==?(\d+)$/.exec(value);
        if (!m) throw new Error(`bench: number criterion "${value}" is not ==n`);
        return { field: name, equals: Number(m[1]) };
      }
      return { field: name, words: value };
    }),
  }));
}

function listCase(
  name: string,
  description: string,
  calls: ListCall[],
  params: BenchParams,
  numberFields: ReadonlySet<string> = new Set(),
): BenchCase {
  return {
    name,
    kind: 'list',
    description,
    paths: calls.map(listPath),
    direct: calls.map((call) => {
      const spec: ListSpec = {
        entity: call.entity,
        offset: call.offset,
        limit: PAGE_SIZE,
        parentOrganization: params.organization,
        ...(call.quickFind ? { quickFind: call.quickFind } : {}),
      };
      const requests = toRequestSpecs(call, numberFields);
      if (requests) spec.requests = requests;
      if (call.sort) spec.sort = call.sort.map((s) => ({ field: s.fieldName, descending: s.sortOrder === 'descend' }));
      return listPlan(spec);
    }),
  };
}

export function buildCases(params: BenchParams): BenchCase[] {
  const cases: BenchCase[] = [];
  for (const entity of LIST_ENTITIES) {
    cases.push(listCase(`${entity}/p1`, `${entity}: the list screen's default query, first page of 50`, [{ entity, offset: 1 }], params));
    cases.push(
      listCase(`${entity}/p200`, `${entity}: the default query, page 200 (offset ${DEEP_OFFSET})`, [{ entity, offset: DEEP_OFFSET }], params),
    );
  }
  cases.push(
    listCase('line-items/oxy-p1', `line items: quick find "${QUICK_FIND}" (~10% of the rows), first page`, [
      { entity: 'line-items', offset: 1, quickFind: QUICK_FIND },
    ], params),
  );
  cases.push(
    listCase(
      'line-items/oxy-p2-5',
      `line items: the same quick find, pages 2 to 5 (each connection cycles through the four)`,
      [2, 3, 4, 5].map((page) => ({ entity: 'line-items' as const, offset: (page - 1) * PAGE_SIZE + 1, quickFind: QUICK_FIND })),
      params,
    ),
  );
  cases.push(
    listCase('line-items/ndc-prefix', `line items: find NDC Number "${params.ndcPrefix}" (an NDC prefix)`, [
      { entity: 'line-items', offset: 1, requests: [{ criteria: { 'NDC Number': params.ndcPrefix } }] },
    ], params),
  );
  cases.push(
    listCase(
      'line-items/one-job',
      `line items: find id_Job "==${params.jobWithManyItems}" (one job's items; the job with the most)`,
      [{ entity: 'line-items', offset: 1, requests: [{ criteria: { id_Job: `==${params.jobWithManyItems}` } }] }],
      params,
      new Set(['id_Job']),
    ),
  );
  cases.push(
    listCase('line-items/omit', 'line items: advanced find NDC Schedule "2", then omit Cause "Expired"', [
      {
        entity: 'line-items',
        offset: 1,
        requests: [{ criteria: { 'NDC Schedule': '2' } }, { omit: true, criteria: { Cause: 'Expired' } }],
      },
    ], params),
  );
  cases.push(
    listCase('line-items/sort-job-name', 'line items: sorted by the related field Job::Job Name, first page', [
      { entity: 'line-items', offset: 1, sort: [{ fieldName: 'Job::Job Name', sortOrder: 'ascend' }] },
    ], params),
  );
  cases.push({
    name: 'container/detail',
    kind: 'detail',
    description: `GET /container/${params.containerWithManyItems}: a container with its line items portal (the one with the most items)`,
    paths: [`${API}/container/${params.containerWithManyItems}`],
    direct: [detailPlan('containers', params.containerWithManyItems)],
  });
  cases.push({
    name: 'job/detail',
    kind: 'detail',
    description: `GET /job/${params.jobWithManyContainers}: a job with its Containers and YellowBuckets portals (the one with the most containers)`,
    paths: [`${API}/job/${params.jobWithManyContainers}`],
    direct: [detailPlan('jobs', params.jobWithManyContainers)],
  });
  return cases;
}
