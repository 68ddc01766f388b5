import { CATALOGUE, CONTAINER_GROSS_UOMS, RECORD_KINDS, YB_CONTAINER_GROSS_UOMS, YB_CONTAINER_TYPES } from '@3ds/domain';
import type { RouteName } from '../../config/paths.ts';
import { LINE_ITEM_KINDS, type LineItemKindConfig } from '../../components/line-item-entry/line-item-kinds.ts';

/**
 * The two container kinds share one set of screens (spec 2 §2 "Container detail", "Container
 * edit", "Yellow Bucket container detail"); what differs between them is written here, once.
 */
export type ContainerKind = 'standard' | 'yellow-bucket';

export interface ContainerKindConfig {
  kind: ContainerKind;
  /** The records entity (`GET /3ds/api/{entity}/{id}`, `POST /3ds/api/{entity}/export`). */
  entity: 'containers' | 'yb-containers';

  /** The field holding the container id. */
  idField: 'Container_PK_ID' | 'Container ID';
  /** The action routes' segment: `/3ds/api/{apiSingular}/lock/{id}`, `/move`, `/edit/{id}`. */
  apiSingular: 'container' | 'yb-container';
  /** The kind of line item it holds: where a new one is made, the lists a lock or move makes stale, their screen and form. */
  lineItems: LineItemKindConfig;
  /** Heading prefix: "Container 12", "Yellow Bucket Container 12". */
  noun: string;
  viewRoute: 'container-view' | 'yb-container-view';
  editRoute: 'container-edit' | 'yb-container-edit';
  /** The permission table's edit action: spec 2 §6 gives a Yellow Bucket container's edit to CREATE_LINE_ITEM. */
  editAction: 'container.edit' | 'yb-container.edit';
  /** The screens an edit screen may be entered from (router state `{ from }`); otherwise it redirects to the view. */
  editEntries: readonly RouteName[];
  grossUoMs: readonly string[];
  /** Container types: a fixed list, or the server's value list named Container Type. */
  containerTypes: readonly string[] | 'value-list';
  /** The info card's title and the order of its facts. */
  summaryTitle: string;
  summaryFacts: readonly SummaryFact[];
  /** Line items table: the schedule column's header, and whether Form 222# is a column. */
  scheduleHeader: string;
  showForm222: boolean;
}

export type SummaryFact = 'companyId' | 'companyName' | 'activity' | 'registration' | 'jobId' | 'jobName';

type Kinds = typeof RECORD_KINDS;
type ContainerEntity = ContainerKindConfig['entity'];

/** What the kind's definition (record-kinds.ts in @3ds/domain) already says: its entity, routes and heading. */
function fromDefinition<E extends ContainerEntity>(entity: E) {
  const { singular, recordTitle } = RECORD_KINDS[entity] as Kinds[E];
  return {
    entity,
    idField: CATALOGUE[entity].idField as ContainerKindConfig['idField'],
    apiSingular: singular as Kinds[E]['singular'],
    noun: recordTitle,
    viewRoute: `${singular}-view` as `${Kinds[E]['singular']}-view`,
    editRoute: `${singular}-edit` as `${Kinds[E]['singular']}-edit`,
  };
}

export const CONTAINER_KINDS: Record<ContainerKind, ContainerKindConfig> = {
  standard: {
    kind: 'standard',
    ...fromDefinition('containers'),
    lineItems: LINE_ITEM_KINDS.standard,
    editAction: 'container.edit',
    editEntries: ['container-view', 'job-view'],
    grossUoMs: CONTAINER_GROSS_UOMS,
    containerTypes: 'value-list',
    summaryTitle: 'Summary',
    summaryFacts: ['companyId', 'companyName', 'activity', 'registration', 'jobId', 'jobName'],
    scheduleHeader: 'Schedule',
    showForm222: false,
  },
  'yellow-bucket': {
    kind: 'yellow-bucket',
    ...fromDefinition('yb-containers'),
    lineItems: LINE_ITEM_KINDS['yellow-bucket'],
    editAction: 'yb-container.edit',
    editEntries: ['yb-container-view', 'job-view'],
    grossUoMs: YB_CONTAINER_GROSS_UOMS,
    containerTypes: YB_CONTAINER_TYPES,
    summaryTitle: 'Info',
    summaryFacts: ['companyId', 'companyName', 'registration', 'activity', 'jobId', 'jobName'],
    scheduleHeader: 'CSS',
    showForm222: true,
  },
};
