import type { EntityName } from '@3ds/domain';
import type { Layout } from '../layout.ts';
import { companiesLayout } from './companies.layout.ts';
import { containersLayout, ybContainersLayout } from './containers.layout.ts';
import { dictionariesLayout } from './dictionaries.layout.ts';
import { jobsLayout } from './jobs.layout.ts';
import { lineItemsLayout, ybLineItemsLayout } from './line-items.layout.ts';
import { lossesLayout } from './losses.layout.ts';
import { orderFormsLayout } from './order-forms.layout.ts';
import { registrationsLayout } from './registrations.layout.ts';

export const LAYOUTS: Record<EntityName, Layout> = {
  companies: companiesLayout,
  registrations: registrationsLayout,
  jobs: jobsLayout,
  'order-forms': orderFormsLayout,
  losses: lossesLayout,
  containers: containersLayout,
  'yb-containers': ybContainersLayout,
  'line-items': lineItemsLayout,
  'yb-line-items': ybLineItemsLayout,
  dictionaries: dictionariesLayout,
};
