import type { EntityName } from './record-kinds.ts';

/**
 * What a printed list (the PDF export) must keep of each row, per list:
 *
 * - `identifying`: the fields that tell one row from another — NDC, description, lot, serial,
 *   registration, Form 222 number, names, ids. A PDF never drops them and never cuts their text: a
 *   long value wraps onto more lines of its cell.
 * - `pdf`: the list columns (by field, in the order printed) a PDF page shows, when the list has more
 *   than a landscape page can hold legibly; absent, every list column. What is left out is still in
 *   the Excel export, which has every column.
 * - `unbroken`: per field, the widest value that must stay on one line (an NDC split after
 *   "00002-03" is misread), so its column is at least that wide.
 */
export interface PrintColumns {
  identifying: readonly string[];
  pdf?: readonly string[];
  unbroken?: Readonly<Record<string, string>>;
}

const NDC_SAMPLE = '00000-0000-00';
const REGISTRATION_SAMPLE = 'WW0000000';
const ORDER_FORM_SAMPLE = '000000000';

const LINE_ITEM_PDF = [
  'Locked Container Line Item',
  'id_Job',
  'id',
  'id_container',
  'Container::Container Name',
  'NDC Number',
  'NDC Schedule',
  'NDC Description',
  'Strength',
  'Pack Quantity',
  'Pack Size',
  'Percent Fill',
  'Reporting Qty',
  'Lot Number',
  'Expiration Date',
  'Serial Number',
  'Form 222 Number',
  'Registration Number',
] as const;

const LINE_ITEM_IDENTIFYING = ['NDC Number', 'NDC Description', 'Lot Number', 'Serial Number', 'Form 222 Number', 'Container::Container Name'] as const;

export const PRINT_COLUMNS: Record<EntityName, PrintColumns> = {
  companies: { identifying: ['Company_PK_ID', 'Company Name'] },
  registrations: {
    identifying: ['Registration Number', 'Company ID', 'Company Name'],
    unbroken: { 'Registration Number': REGISTRATION_SAMPLE },
  },
  jobs: {
    identifying: ['__PKJobID', 'Company Name', 'Job Name'],
    pdf: [
      '__PKJobID',
      'Company Name',
      'Registration::State',
      'Job Name',
      'Activity',
      'Date Transfer',
      'Date Received',
      'Date Destroyed',
      'Days Left',
      'Date Job Initiated',
      'Date Completed',
      'Facility Transported To',
      'Destruction Witness 1 Full Name',
      'Destruction Witness 2 Full Name',
    ],
  },
  'order-forms': {
    identifying: ['Order Form ID', 'Form Number', 'Registration Number', 'Company Name'],
    unbroken: { 'Form Number': ORDER_FORM_SAMPLE, 'Registration Number': REGISTRATION_SAMPLE },
  },
  losses: { identifying: ['Loss ID', 'Item', 'NDC', 'Job ID'], unbroken: { NDC: NDC_SAMPLE } },
  containers: { identifying: ['Container_PK_ID', 'Container Name', 'Job ID', 'Company Name'] },
  'yb-containers': {
    identifying: ['Container ID', 'Container Name', 'Job ID', 'Registration Number'],
    unbroken: { 'Registration Number': REGISTRATION_SAMPLE },
  },
  'line-items': {
    identifying: ['id', ...LINE_ITEM_IDENTIFYING, 'Registration Number'],
    pdf: LINE_ITEM_PDF,
    unbroken: { 'NDC Number': NDC_SAMPLE, 'Registration Number': REGISTRATION_SAMPLE },
  },
  'yb-line-items': {
    identifying: ['Container Line Item ID', ...LINE_ITEM_IDENTIFYING],
    pdf: [
      'Container Line Item ID',
      'Container ID',
      'Container::Container Name',
      'id_Job',
      'NDC Number',
      'NDC Schedule',
      'NDC Description',
      'Strength',
      'Pack Quantity',
      'Pack Size Web',
      'Percent Fill',
      'Locked Container Line Item',
      'Form 222 Number',
      'Lot Number',
      'Expiration Date',
      'Serial Number',
    ],
    unbroken: { 'NDC Number': NDC_SAMPLE },
  },
  dictionaries: {
    identifying: ['NDC Code LU', 'Trade Name Final LU'],
    unbroken: { 'NDC Code LU': NDC_SAMPLE },
  },
};
