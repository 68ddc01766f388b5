import { column, field, type EntityFields } from './catalogue.ts';

/**
 * The Form 222 register (rules/order-forms.ts): one row per form issued to a client registration,
 * its lines in the record's `Line` portal. `Status` is the state as shown (", expired" past its 60
 * days); `Status Code` the stored state the screens decide their actions by.
 */
export const orderFormsCatalogue: EntityFields = {
  entity: 'order-forms',
  idField: 'Order Form ID',
  fields: [
    field('Order Form ID', 'ID', 'number'),
    field('Form Number', 'Form Number'),
    field('Form Kind', 'Kind'),
    field('Issue Date', 'Issued', 'date'),
    field('Valid Until', 'Valid Until', 'date'),
    field('Status', 'Status'),
    field('Status Code', 'Status Code'),
    field('Status Reason', 'Status Reason'),
    field('Status Changed', 'Status Changed', 'timestamp'),
    field('Status Changed By', 'Status Changed By'),
    field('Registration Number', 'Registration'),
    field('Registration ID', 'Registration ID', 'number'),
    field('Company ID', 'Company ID', 'number'),
    field('Company Name', 'Company Name'),
    field('Lines Completed', 'Lines', 'number'),
    field('Note', 'Note'),
    field('Date Created', 'Created', 'timestamp'),
    field('Created By', 'By'),
    field('Date Modified', 'Modified', 'timestamp'),
    field('Modified By', 'By'),
  ],
  columns: [
    column('Order Form ID', 'ID'),
    column('Form Number', 'Form Number'),
    column('Form Kind', 'Kind'),
    column('Issue Date', 'Issued'),
    column('Valid Until', 'Valid Until'),
    column('Status', 'Status'),
    column('Registration Number', 'Registration'),
    column('Company Name', 'Company Name'),
    column('Lines Completed', 'Lines'),
    column('Date Created', 'Created'),
    column('Created By', 'By'),
    column('Date Modified', 'Modified'),
    column('Modified By', 'By'),
  ],
  quickFind: ['Form Number', 'Registration Number', 'Company Name'],
};
