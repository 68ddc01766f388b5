import { RECORD_KINDS, type EntityName } from '@3ds/domain';

/**
 * The two line item kinds share one form and one detail screen (spec 2 §2 "Line item and Yellow
 * Bucket line item detail", "Line item form"); what differs between them is written here, once.
 */
export type LineItemKind = 'standard' | 'yellow-bucket';

export interface LineItemKindConfig {
  kind: LineItemKind;
  /** The records entity (`GET /3ds/api/{entity}/{id}`). */
  entity: Extract<EntityName, 'line-items' | 'yb-line-items'>;
  /** The action routes' segment: `/3ds/api/{apiSingular}/new`, `/lock/{id}`, `/move/{id}`, `/edit/{id}`. */
  apiSingular: 'line-item' | 'yb-line-item';
  /** `PATCH /3ds/api/{apiPlural}/update-line-item/{id}`. */
  apiPlural: 'line-items' | 'yb-line-items';
  /** `GET /3ds/api/{labelPath}/{id}`. */
  labelPath: '/label' | '/label/yb';
  /** The field holding the line item's id, and its container's. */
  idField: 'id' | 'Container Line Item ID';
  containerIdField: 'id_container' | 'Container ID';
  /** Heading prefix: "Line Item 12", "Yellow Bucket Line Item 12". */
  noun: 'Line Item' | 'Yellow Bucket Line Item';
  viewRoute: 'line-item-view' | 'yb-line-item-view';
  editRoute: 'line-item-edit' | 'yb-line-item-edit';
  /** The container this kind lives in: its records, its screen, and its search (move targets). */
  containerEntity: Extract<EntityName, 'containers' | 'yb-containers'>;
  containerRoute: 'container-view' | 'yb-container-view';
  containerSearchPath: '/containers/search' | '/yb-containers/search';
  containerIdSearchField: 'Container_PK_ID' | 'Container ID';
}

type Kinds = typeof RECORD_KINDS;
type LineItemEntity = Extract<EntityName, 'line-items' | 'yb-line-items'>;

/**
 * What the kind's definition (record-kinds.ts in @3ds/domain) already says: its entity, routes,
 * heading and container. The id fields are written below rather than read from the catalogue: this
 * file is in the first load (the label scan listener), the catalogue's field lists are not.
 */
function fromDefinition<E extends LineItemEntity>(entity: E) {
  const { singular, recordTitle, parent } = RECORD_KINDS[entity] as Kinds[E];
  return {
    entity,
    apiSingular: singular as Kinds[E]['singular'],
    apiPlural: entity,
    noun: recordTitle as Kinds[E]['recordTitle'],
    viewRoute: `${singular}-view` as `${Kinds[E]['singular']}-view`,
    editRoute: `${singular}-edit` as `${Kinds[E]['singular']}-edit`,
    containerEntity: parent as Kinds[E]['parent'],
    containerRoute: `${RECORD_KINDS[parent].singular}-view` as `${Kinds[Kinds[E]['parent']]['singular']}-view`,
    containerSearchPath: `/${parent}/search` as `/${Kinds[E]['parent']}/search`,
  };
}

export const LINE_ITEM_KINDS: Record<LineItemKind, LineItemKindConfig> = {
  standard: {
    kind: 'standard',
    ...fromDefinition('line-items'),
    labelPath: '/label',
    idField: 'id',
    containerIdField: 'id_container',
    containerIdSearchField: 'Container_PK_ID',
  },
  'yellow-bucket': {
    kind: 'yellow-bucket',
    ...fromDefinition('yb-line-items'),
    labelPath: '/label/yb',
    idField: 'Container Line Item ID',
    containerIdField: 'Container ID',
    containerIdSearchField: 'Container ID',
  },
};
