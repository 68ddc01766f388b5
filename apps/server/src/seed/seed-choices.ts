/**
 * What the seeds draw from: the demo seed (seed-demo.ts) and the scale seed (cli/seed-scale.ts and cli/seed-scale/) fill
 * their companies, jobs and line items with these same names, places and choices, so the scale data
 * looks like the demo's, only more of it.
 */

/** The kinds of company the demo's clients are. */
export type CompanyKind = 'manufacturer' | 'distributor' | 'pharmacy' | 'hospital' | 'university' | 'lab' | 'practitioner';

/** Invented names for contacts and witnesses. */
export const FIRST_NAMES = [
  'Avery', 'Jordan', 'Morgan', 'Taylor', 'Riley', 'Cameron', 'Quinn', 'Reese', 'Dana', 'Jamie',
  'Maria', 'James', 'Priya', 'Wei', 'Olivia', 'Marcus', 'Elena', 'Samuel', 'Grace', 'Hector',
  'Naomi', 'Victor', 'Leah', 'Andre', 'Sofia', 'Darnell', 'Hannah', 'Tomas', 'Keiko', 'Ruth',
] as const;

export const LAST_NAMES = [
  'Alvarez', 'Brennan', 'Chowdhury', 'Dawson', 'Ellison', 'Fitzgerald', 'Garrison', 'Holloway', 'Ibarra', 'Jensen',
  'Kowalski', 'Lindqvist', 'Mendoza', 'Nakamura', 'Okafor', 'Pemberton', 'Quintero', 'Rasmussen', 'Sandoval', 'Thornton',
  'Underwood', 'Vasquez', 'Whitfield', 'Xu', 'Yardley', 'Zimmerman', 'Abernathy', 'Castellano', 'Delgado', 'Easton',
] as const;

/** The reverse distributor's own staff, who witness destructions. */
export const STAFF_WITNESSES = [
  'Dana Whitfield',
  'Marcus Okafor',
  'Elena Sandoval',
  'Samuel Jensen',
  'Grace Holloway',
  'Victor Nakamura',
  'Ruth Pemberton',
  'Andre Castellano',
] as const;

/**
 * The staff who witness the demo's destructions: users of 3DS (seed-demo.ts adds them, password
 * `demo`, no privileges), whose confirmations the demo's destroyed jobs carry (rules/witnesses.ts).
 */
export const DEMO_WITNESSES = [
  { username: 'dwhitfield', displayName: 'Dana Whitfield' },
  { username: 'mokafor', displayName: 'Marcus Okafor' },
  { username: 'esandoval', displayName: 'Elena Sandoval' },
  { username: 'sjensen', displayName: 'Samuel Jensen' },
] as const;

/** State agencies that license the demo's registrants, by state code. */
export const STATE_NAMES: Readonly<Record<string, string>> = {
  AR: 'Arkansas', AZ: 'Arizona', CA: 'California', CO: 'Colorado', FL: 'Florida', GA: 'Georgia', IA: 'Iowa',
  IL: 'Illinois', IN: 'Indiana', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', MD: 'Maryland', ME: 'Maine',
  MI: 'Michigan', MN: 'Minnesota', MT: 'Montana', NC: 'North Carolina', ND: 'North Dakota', NE: 'Nebraska',
  NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NV: 'Nevada', OH: 'Ohio', OR: 'Oregon', PA: 'Pennsylvania',
  SC: 'South Carolina', TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VA: 'Virginia', VT: 'Vermont', WA: 'Washington',
  WI: 'Wisconsin',
};

/** Contact titles by kind of company. */
export const CONTACT_TITLES: Readonly<Record<CompanyKind, readonly string[]>> = {
  manufacturer: ['DEA Compliance Manager', 'QA Manager', 'Director of Regulatory Affairs', 'Warehouse Supervisor'],
  distributor: ['Compliance Officer', 'Returns Coordinator', 'Warehouse Manager', 'Vice President of Operations'],
  pharmacy: ['Pharmacist in Charge', 'Pharmacy Manager', 'Owner', 'Pharmacy Technician'],
  hospital: ['Director of Pharmacy', 'Pharmacy Operations Manager', 'Controlled Substance Coordinator', 'Clinical Pharmacist'],
  university: ['Research Compliance Officer', 'Laboratory Manager'],
  lab: ['Laboratory Director', 'Quality Manager'],
  practitioner: ['Practice Manager', 'Medical Director'],
};

/** The report types a company asks for (its `report_type` checkboxes). */
export const REPORT_TYPES = ['41', 'Manifest', 'See Notes', 'COD', 'LDR'] as const;

/** Where a transfer takes a job's containers, who carries them and how. */
export const TRANSPORT_FACILITIES = [
  'Clearfork Thermal Destruction Facility, Indianapolis, IN',
  'Red River Incineration Services, Shreveport, LA',
  'Northern Plains Waste-to-Energy, Sioux Falls, SD',
] as const;
export const TRANSPORTERS = ['Secure Pharma Courier', 'Beacon Freight Lines', 'Company Vehicle', 'UPS Ground', 'FedEx Priority Overnight'] as const;
export const TRANSPORT_METHODS = ['Common Carrier', 'Company Vehicle', 'Registered Mail'] as const;

/** What a job is for; its name is the company's, the month's and one of these. */
export const JOB_PURPOSES = ['Pickup', 'Returns', 'Destruction', 'Expired Stock', 'Quarterly Return', 'Recall'] as const;

/** Where destroyed jobs were destroyed: a name and the address Form 41 prints. */
export const DESTRUCTION_FACILITIES = [
  { name: 'Clearfork Thermal Destruction Facility', address: '2250 Kentucky Avenue, Indianapolis, IN 46221' },
  { name: 'Red River Incineration Services', address: '8800 Industrial Loop, Shreveport, LA 71106' },
  { name: 'Northern Plains Waste-to-Energy', address: '600 East Rice Street, Sioux Falls, SD 57104' },
] as const;

/** The value list of disposal methods the destruction record offers. */
export const DISPOSAL_METHODS = ['Incineration', 'Chemical Digestion'] as const;

/** What kind of client a company is, as far as where its items come from and why they are returned. */
export type SourceProfile = 'dispenser' | 'supplier' | 'research';

export const SOURCE_PROFILE: Readonly<Record<CompanyKind, SourceProfile>> = {
  pharmacy: 'dispenser',
  hospital: 'dispenser',
  practitioner: 'dispenser',
  manufacturer: 'supplier',
  distributor: 'supplier',
  university: 'research',
  lab: 'research',
};

/** Where items come from and why, by kind of client (values of the Source and Cause lists). */
export const SOURCES: Readonly<Record<SourceProfile, readonly (readonly [string, number])[]>> = {
  dispenser: [['Pharmacy', 40], ['Customer Return', 25], ['Warehouse', 10], ['Damage', 10], ['Distributor', 10], ['Practitioner', 5]],
  supplier: [
    ['Manufacturer', 15], ['Production', 10], ['QC', 10], ['QA Retains', 10], ['Stability', 8], ['Reject', 6], ['Warehouse', 10],
    ['Distributor', 8], ['Damage slip', 5], ['Samples', 4], ['Packaging', 4], ['Complaints', 3], ['Customer Return', 4],
    ['Exporter', 1], ['Clinical Supply Operations', 2],
  ],
  research: [
    ['Lab', 20], ['Analytical', 15], ['RD Chemistry', 10], ['Researcher', 15], ['Product Development', 10], ['Tech Services', 5],
    ['Chemstore', 5], ['IDT', 5], ['MRD', 5], ['OSD', 5], ['QA', 5],
  ],
};
export const CAUSES: Readonly<Record<SourceProfile, readonly (readonly [string, number])[]>> = {
  dispenser: [['Expired', 60], ['Damage', 10], ['Undispensed/Returned', 10], ['Discontinued', 8], ['Dispensed', 5], ['Refused', 4], ['Waste', 3]],
  supplier: [
    ['Expired', 35], ['Off-Spec', 12], ['Reject', 10], ['Testing Complete', 8], ['Complaint', 5], ['Damage', 10], ['Terminated', 5],
    ['Discontinued', 8], ['O2C', 3], ['Waste', 4],
  ],
  research: [['Testing Complete', 35], ['Lab Samples', 25], ['Waste', 15], ['Expired', 15], ['Off-Spec', 10]],
};
/** How often a client's line item is a bulk NDC. */
export const BULK_SHARE: Readonly<Record<SourceProfile, number>> = { dispenser: 0, supplier: 0.15, research: 0.3 };

