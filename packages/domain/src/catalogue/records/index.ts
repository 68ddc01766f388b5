import type { EntityCatalogue, EntityFields } from './catalogue.ts';
import { companiesCatalogue } from './companies.catalogue.ts';
import { containersCatalogue, ybContainersCatalogue } from './containers.catalogue.ts';
import { dictionariesCatalogue } from './dictionaries.catalogue.ts';
import { jobsCatalogue } from './jobs.catalogue.ts';
import { lineItemsCatalogue, ybLineItemsCatalogue } from './line-items.catalogue.ts';
import { lossesCatalogue } from './losses.catalogue.ts';
import { orderFormsCatalogue } from './order-forms.catalogue.ts';
import { RECORD_KINDS, type EntityName } from './record-kinds.ts';
import { registrationsCatalogue } from './registrations.catalogue.ts';

export * from './catalogue.ts';
export * from './print-columns.ts';
export * from './field.ts';
export * from './record-kinds.ts';
export { GENERATED_JOB_DOCUMENTS, isGeneratedJobDocument, JOB_DOCUMENT_FIELDS, JOB_PICTURE_FIELDS } from './jobs.catalogue.ts';

const FIELDS: Record<EntityName, EntityFields> = {
  companies: companiesCatalogue,
  registrations: registrationsCatalogue,
  jobs: jobsCatalogue,
  'order-forms': orderFormsCatalogue,
  losses: lossesCatalogue,
  containers: containersCatalogue,
  'yb-containers': ybContainersCatalogue,
  'line-items': lineItemsCatalogue,
  'yb-line-items': ybLineItemsCatalogue,
  dictionaries: dictionariesCatalogue,
};

function joined(entity: EntityName): EntityCatalogue {
  const kind = RECORD_KINDS[entity];
  return {
    ...FIELDS[entity],
    title: kind.title,
    singular: kind.singular,
    ...(kind.rowsLink ? { detailPath: `/${kind.singular}/:id` } : {}),
  };
}

/**
 * Names, labels, types and list columns of every entity, with its kind's title and routes: shared by
 * the server's layouts and the web's lists.
 */
export const CATALOGUE = /* @__PURE__ */ Object.fromEntries((Object.keys(FIELDS) as EntityName[]).map((entity) => [entity, joined(entity)])) as Record<
  EntityName,
  EntityCatalogue
>;

/** The entity a singular or plural route segment names (`company` or `companies`). */
export function entityForSegment(segment: string): EntityName | undefined {
  return Object.values(CATALOGUE).find((c) => c.entity === segment || c.singular === segment)?.entity;
}
