import type { EntityName } from '@3ds/domain';

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

export const LINE_ITEM_KINDS: Record<LineItemKind, LineItemKindConfig> = {
  standard: {
    kind: 'standard',
    entity: 'line-items',
    apiSingular: 'line-item',
    apiPlural: 'line-items',
    labelPath: '/label',
    idField: 'id',
    containerIdField: 'id_container',
    noun: 'Line Item',
    viewRoute: 'line-item-view',
    editRoute: 'line-item-edit',
    containerEntity: 'containers',
    containerRoute: 'container-view',
    containerSearchPath: '/containers/search',
    containerIdSearchField: 'Container_PK_ID',
  },
  'yellow-bucket': {
    kind: 'yellow-bucket',
    entity: 'yb-line-items',
    apiSingular: 'yb-line-item',
    apiPlural: 'yb-line-items',
    labelPath: '/label/yb',
    idField: 'Container Line Item ID',
    containerIdField: 'Container ID',
    noun: 'Yellow Bucket Line Item',
    viewRoute: 'yb-line-item-view',
    editRoute: 'yb-line-item-edit',
    containerEntity: 'yb-containers',
    containerRoute: 'yb-container-view',
    containerSearchPath: '/yb-containers/search',
    containerIdSearchField: 'Container ID',
  },
};
