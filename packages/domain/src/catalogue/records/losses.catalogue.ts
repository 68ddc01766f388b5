import { column, field, type EntityFields } from './catalogue.ts';

/**
 * Losses (rules/losses.ts): one row a theft or loss in transit found by a job's receiving
 * reconciliation, with its two deadlines and the day each was done. `Notice` and `Form 106` say where
 * each deadline stands ("Due 11/30/2026", "Missed", "Done 11/30/2026").
 */
export const lossesCatalogue: EntityFields = {
  entity: 'losses',
  idField: 'Loss ID',
  fields: [
    field('Loss ID', 'ID', 'number'),
    field('Kind', 'Kind'),
    field('Kind Code', 'Kind Code'),
    field('Job ID', 'Job', 'number'),
    field('Job Name', 'Job Name'),
    field('Registration Number', 'Client Registration'),
    field('Company Name', 'Client'),
    field('NDC', 'NDC'),
    field('Item', 'Item'),
    field('Schedule', 'Schedule'),
    field('Lot', 'Lot'),
    field('Packages Lost', 'Packages Lost', 'number'),
    field('Date Discovered', 'Discovered', 'date'),
    field('Notice Due', 'Notice Due', 'date'),
    field('Notice Sent', 'Notice Sent', 'date'),
    field('Notice', 'Notice'),
    field('Form 106 Due', 'Form 106 Due', 'date'),
    field('Form 106 Filed', 'Form 106 Filed', 'date'),
    field('Form 106 Number', 'Form 106 Number'),
    field('Form 106', 'Form 106'),
    field('Circumstances', 'Circumstances'),
    field('Date Created', 'Created', 'timestamp'),
    field('Created By', 'By'),
    field('Date Modified', 'Modified', 'timestamp'),
    field('Modified By', 'By'),
  ],
  columns: [
    column('Loss ID', 'ID'),
    column('Kind', 'Kind'),
    column('Date Discovered', 'Discovered'),
    column('Item', 'Item'),
    column('NDC', 'NDC'),
    column('Packages Lost', 'Packages Lost'),
    column('Notice', 'Notice'),
    column('Form 106', 'Form 106'),
    column('Job ID', 'Job'),
    column('Company Name', 'Client'),
    column('Registration Number', 'Client Registration'),
    column('Created By', 'By'),
  ],
  quickFind: ['Item', 'NDC', 'Company Name', 'Registration Number', 'Form 106 Number'],
};
