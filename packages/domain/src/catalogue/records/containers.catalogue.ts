import { column, field, type EntityFields, type FieldSpecList } from './catalogue.ts';

/** Fields both container kinds have; the Yellow Bucket layout names its key "Container ID". */
function containerFields(idName: string): FieldSpecList {
  return [
    field(idName, 'ID', 'number'),
    field('Container Name', 'Name'),
    field('Pallet', 'Pallet'),
    field('Container Type', 'Type'),
    field('Package Weight', 'Package Weight', 'number'),
    field('Net Weight', 'Net Weight', 'number'),
    field('Gross Weight', 'Gross Weight', 'number'),
    field('Gross UoM', 'Gross UoM'),
    field('Locked Container', 'Locked', 'yesno'),
    field('Registration Number', 'Registration'),
    field('Registration::Expiration Date', 'Expiration', 'date'),
    field('Job ID', 'Job ID', 'number'),
    field('Job::Locked Job', 'Job Locked', 'yesno'),
    // Once its job is destroyed a container is final (finality.ts): its screen says so first.
    field('Job::Date Destroyed', 'Job Destroyed', 'date', { detailOnly: true }),
    field('Job::Activity', 'Activity'),
    field('Job::Job Name', 'Job Name'),
    field('Company ID', 'Company ID', 'number'),
    field('Company Name', 'Company'),
    field('ZIPackage Size', 'Package Size', 'number'),
    field('Line Item Count', 'Line Items', 'number'),
    // Such a container cannot be deleted, moved or moved to the Yellow Bucket: the screens say so first.
    field('Line Items Locked On Their Own', 'Line items locked on their own', 'number', { detailOnly: true }),
    field('Date Created', 'Created', 'timestamp'),
    field('Created By', 'By'),
    field('Date Modified', 'Modified', 'timestamp'),
    field('Modified By', 'Modified By'),
  ];
}

export const containersCatalogue: EntityFields = {
  entity: 'containers',
  idField: 'Container_PK_ID',
  lockField: 'Locked Container',
  parentLockFields: ['Job::Locked Job'],
  fields: containerFields('Container_PK_ID'),
  columns: [
    column('Container_PK_ID', 'ID'),
    column('Container Name', 'Name'),
    column('Container Type', 'Type'),
    column('Job ID', 'Job ID'),
    column('Company Name', 'Company'),
    column('Pallet', 'Pallet'),
    column('Locked Container', 'Locked'),
    column('Package Weight', 'Package Weight'),
    column('Net Weight', 'Net Weight'),
    column('Gross Weight', 'Gross Weight'),
    column('Gross UoM', 'Gross UoM'),
    column('Date Created', 'Created'),
    column('Created By', 'Created By'),
  ],
  quickFind: ['Container_PK_ID', 'Container Name', 'Pallet', 'Company Name', 'Job ID'],
};

export const ybContainersCatalogue: EntityFields = {
  entity: 'yb-containers',
  idField: 'Container ID',
  lockField: 'Locked Container',
  parentLockFields: ['Job::Locked Job'],
  fields: containerFields('Container ID'),
  columns: [
    column('Container ID', 'ID'),
    column('Container Name', 'Container Name'),
    column('Container Type', 'Type'),
    column('Registration Number', 'Registration'),
    column('Job ID', 'Job ID'),
    column('Pallet', 'Pallet'),
    column('Package Weight', 'Pkg Wt'),
    column('Locked Container', 'Locked'),
    column('Net Weight', 'Net Wt'),
    column('Gross Weight', 'Gross Wt'),
    column('Gross UoM', 'UoM'),
    column('Date Created', 'Created'),
    column('Created By', 'By'),
  ],
  quickFind: ['Container ID', 'Container Name', 'Pallet', 'Registration Number', 'Job ID'],
};
