/**
 * The domain, by what each part is: catalogue/ (reference tables: the records' fields and columns,
 * schedules, units, privileges, limits), rules/ (computations and checks, no zod) and contracts/ (the
 * zod schemas and shapes of the HTTP contract, which server and web both import). Imports point down:
 * contracts may use rules and the catalogue, rules only the catalogue. Everything is exported here, so
 * `@3ds/domain` is the one import of both apps.
 */
export * from './catalogue/constants.ts';
export * from './catalogue/ndc-kinds.ts';
export * from './catalogue/privileges.ts';
export * from './catalogue/records/index.ts';
export * from './catalogue/schedules.ts';
export * from './catalogue/units.ts';

export * from './rules/arcos.ts';
export * from './rules/containers.ts';
export * from './rules/corrections.ts';
export * from './rules/dates.ts';
export * from './rules/finality.ts';
export * from './rules/destruction-clock.ts';
export * from './rules/destruction-record.ts';
export * from './rules/form-41.ts';
export * from './rules/inventory.ts';
export * from './rules/jobs.ts';
export * from './rules/label-code.ts';
export * from './rules/line-item-quantities.ts';
export * from './rules/line-items.ts';
export * from './rules/list-columns.ts';
export * from './rules/locks.ts';
export * from './rules/ndc-code.ts';
export * from './rules/numbers.ts';
export * from './rules/on-hand.ts';
export * from './rules/order-forms.ts';
export * from './rules/declared-inventory.ts';
export * from './rules/reconciliation.ts';
export * from './rules/business-days.ts';
export * from './rules/losses.ts';
export * from './rules/witnesses.ts';
export * from './rules/pack-size.ts';
export * from './rules/percent.ts';
export * from './rules/permissions.ts';
export * from './rules/record-completeness.ts';
export * from './rules/registrants.ts';
export * from './rules/registration.ts';
export * from './rules/reports.ts';
export * from './rules/saved-finds.ts';
export * from './rules/settings.ts';
export * from './rules/text.ts';
export * from './rules/users.ts';

export * from './contracts/arcos.ts';
export * from './contracts/auth.ts';
export * from './contracts/bulk.ts';
export * from './contracts/corrections.ts';
export * from './contracts/containers.ts';
export * from './contracts/errors.ts';
export * from './contracts/events.ts';
export * from './contracts/history.ts';
export * from './contracts/inventory.ts';
export * from './contracts/line-item-entry.ts';
export * from './contracts/list-query.ts';
export * from './contracts/ndc-answers.ts';
export * from './contracts/jobs.ts';
export * from './contracts/on-hand.ts';
export * from './contracts/order-forms.ts';
export * from './contracts/declared-inventory.ts';
export * from './contracts/reconciliation.ts';
export * from './contracts/losses.ts';
export * from './contracts/witnesses.ts';
export * from './contracts/record-answers.ts';
export * from './contracts/reports.ts';
export * from './contracts/saved-finds.ts';
export * from './contracts/settings.ts';
export * from './contracts/users.ts';
