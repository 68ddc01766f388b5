import type { NewCompany, NewContact, NewLabelerCode } from '../db/tables/companies.table.ts';
import { addDays, momentAt } from './calendar.ts';
import { CONTACT_TITLES, FIRST_NAMES, LAST_NAMES, REPORT_TYPES, type CompanyKind } from './seed-choices.ts';
import { SeededRandom } from './random.ts';

/**
 * The demo's companies: fictitious pharmacies, hospitals, manufacturers, distributors and others
 * across the US. Street addresses are invented; cities, states and ZIP codes are real places.
 * Phone numbers use the 555-01xx range reserved for fiction.
 */

export interface DemoCompany {
  /** Empty for the company of the demo organisation: its name is the organisation's. */
  name: string;
  kind: CompanyKind;
  address1: string;
  address2?: string;
  city: string;
  state: string;
  zip: string;
  areaCode: string;
  /** FDA labeler codes (manufacturers), none of which appears in the NDC list, so bulk NDCs are unambiguous. */
  labelerCodes?: readonly string[];
  /**
   * The labeler organisation of those codes: 'own' = the demo users' parentOrganization,
   * 'named' = the company's name, 'none' = no organisation (its bulk NDCs are public).
   */
  labelerOrganization?: 'own' | 'named' | 'none';
}

export const DEMO_COMPANIES: readonly DemoCompany[] = [
  { name: '', kind: 'manufacturer', address1: '1200 Lakeshore Drive', city: 'Plainsboro', state: 'NJ', zip: '08536', areaCode: '609', labelerCodes: ['71842', '71843'], labelerOrganization: 'own' },
  { name: 'Harbor Point Pharma', kind: 'manufacturer', address1: '45 Wharf Street', city: 'Baltimore', state: 'MD', zip: '21230', areaCode: '410', labelerCodes: ['68113'], labelerOrganization: 'named' },
  { name: 'Cascade Ridge Pharmaceuticals', kind: 'manufacturer', address1: '3300 Industrial Way', address2: 'Building C', city: 'Bothell', state: 'WA', zip: '98021', areaCode: '425', labelerCodes: ['72004'], labelerOrganization: 'named' },
  { name: 'Bluestem Generics LLC', kind: 'manufacturer', address1: '880 Prairie Parkway', city: 'Lenexa', state: 'KS', zip: '66219', areaCode: '913', labelerCodes: ['73310'], labelerOrganization: 'named' },
  { name: 'Sonoran Labs Inc.', kind: 'manufacturer', address1: '2150 W Elliot Road', city: 'Chandler', state: 'AZ', zip: '85224', areaCode: '480', labelerCodes: ['65180'], labelerOrganization: 'named' },
  { name: 'Keystone Fine Chemicals', kind: 'manufacturer', address1: '600 Route 100', city: 'Exton', state: 'PA', zip: '19341', areaCode: '610', labelerCodes: ['50719'], labelerOrganization: 'none' },
  { name: 'Magnolia Therapeutics', kind: 'manufacturer', address1: '1400 Research Boulevard', city: 'Durham', state: 'NC', zip: '27713', areaCode: '919', labelerCodes: ['66758'], labelerOrganization: 'named' },
  { name: 'Great Lakes Compounding Corp.', kind: 'manufacturer', address1: '77 Enterprise Drive', city: 'Ann Arbor', state: 'MI', zip: '48108', areaCode: '734', labelerCodes: ['69901', '69902'], labelerOrganization: 'named' },

  { name: 'Midland Drug Wholesale', kind: 'distributor', address1: '5100 W 76th Street', city: 'Indianapolis', state: 'IN', zip: '46268', areaCode: '317' },
  { name: 'Tri-County Pharmaceutical Supply', kind: 'distributor', address1: '200 Commerce Court', city: 'Columbus', state: 'OH', zip: '43219', areaCode: '614' },
  { name: 'Gulf Coast Medical Distributors', kind: 'distributor', address1: '9800 Kempwood Drive', address2: 'Dock 4', city: 'Houston', state: 'TX', zip: '77080', areaCode: '713' },
  { name: 'Pioneer Healthcare Logistics', kind: 'distributor', address1: '2450 S 1300 W', city: 'Salt Lake City', state: 'UT', zip: '84119', areaCode: '801' },
  { name: 'Appalachian Drug Company', kind: 'distributor', address1: '310 Depot Street', city: 'Knoxville', state: 'TN', zip: '37917', areaCode: '865' },
  { name: 'Evergreen Specialty Distribution', kind: 'distributor', address1: '1250 NW 19th Avenue', city: 'Portland', state: 'OR', zip: '97209', areaCode: '503' },

  { name: 'Riverside Community Pharmacy', kind: 'pharmacy', address1: '412 Main Street', city: 'Dayton', state: 'OH', zip: '45402', areaCode: '937' },
  { name: 'Oak Hollow Drug', kind: 'pharmacy', address1: '88 Elm Street', city: 'Burlington', state: 'VT', zip: '05401', areaCode: '802' },
  { name: 'Prairie Rose Pharmacy', kind: 'pharmacy', address1: '1020 N Broadway', city: 'Fargo', state: 'ND', zip: '58102', areaCode: '701' },
  { name: 'Bayview Apothecary', kind: 'pharmacy', address1: '2301 Taraval Street', city: 'San Francisco', state: 'CA', zip: '94116', areaCode: '415' },
  { name: 'Desert Bloom Pharmacy', kind: 'pharmacy', address1: '5800 E Speedway Boulevard', address2: 'Suite 110', city: 'Tucson', state: 'AZ', zip: '85712', areaCode: '520' },
  { name: 'Lakeside Family Pharmacy', kind: 'pharmacy', address1: '145 Lake Avenue', city: 'Duluth', state: 'MN', zip: '55802', areaCode: '218' },
  { name: 'Azalea Street Drugs', kind: 'pharmacy', address1: '720 Azalea Street', city: 'Savannah', state: 'GA', zip: '31401', areaCode: '912' },
  { name: 'Bluegrass Pharmacy & Gifts', kind: 'pharmacy', address1: '301 E Main Street', city: 'Lexington', state: 'KY', zip: '40507', areaCode: '859' },
  { name: 'Summit Rx', kind: 'pharmacy', address1: '1550 Wynkoop Street', address2: 'Unit 2', city: 'Denver', state: 'CO', zip: '80202', areaCode: '303' },
  { name: 'Harborlight Pharmacy', kind: 'pharmacy', address1: '60 Commercial Street', city: 'Portland', state: 'ME', zip: '04101', areaCode: '207' },
  { name: 'Cedar Valley Pharmacy', kind: 'pharmacy', address1: '410 Main Street', city: 'Cedar Falls', state: 'IA', zip: '50613', areaCode: '319' },
  { name: 'Sunshine Discount Drugs', kind: 'pharmacy', address1: '8701 SW 40th Street', city: 'Miami', state: 'FL', zip: '33165', areaCode: '305' },
  { name: 'Pueblo Plaza Pharmacy', kind: 'pharmacy', address1: '2200 Central Avenue SE', city: 'Albuquerque', state: 'NM', zip: '87106', areaCode: '505' },
  { name: 'Canal Street Pharmacy', kind: 'pharmacy', address1: '915 Canal Street', city: 'New Orleans', state: 'LA', zip: '70112', areaCode: '504' },

  { name: 'St. Brendan Medical Center', kind: 'hospital', address1: '1800 E Washington Street', city: 'Springfield', state: 'IL', zip: '62703', areaCode: '217' },
  { name: 'Mercy Valley Regional Hospital', kind: 'hospital', address1: '2500 N Valley Road', city: 'Fresno', state: 'CA', zip: '93722', areaCode: '559' },
  { name: 'Granite State Medical Center', kind: 'hospital', address1: '250 Pleasant Street', city: 'Concord', state: 'NH', zip: '03301', areaCode: '603' },
  { name: "Lone Star Children's Hospital", kind: 'hospital', address1: '4100 Medical Parkway', city: 'Austin', state: 'TX', zip: '78756', areaCode: '512' },
  { name: 'Bayside Regional Medical Center', kind: 'hospital', address1: '600 Gresham Drive', city: 'Norfolk', state: 'VA', zip: '23507', areaCode: '757' },
  { name: 'Big Sky Health System', kind: 'hospital', address1: '1500 N 30th Street', city: 'Billings', state: 'MT', zip: '59101', areaCode: '406' },
  { name: 'Ozark Mountain Hospital', kind: 'hospital', address1: '3215 N Northhills Boulevard', city: 'Fayetteville', state: 'AR', zip: '72703', areaCode: '479' },
  { name: 'Three Rivers University Hospital', kind: 'hospital', address1: '3550 Terrace Street', city: 'Pittsburgh', state: 'PA', zip: '15213', areaCode: '412' },

  { name: 'Northgate University School of Pharmacy', kind: 'university', address1: '1 University Circle', city: 'Madison', state: 'WI', zip: '53706', areaCode: '608' },
  { name: 'Clearwater Analytical Laboratories', kind: 'lab', address1: '9200 Gateway Drive', city: 'Reno', state: 'NV', zip: '89521', areaCode: '775' },
  { name: 'Red Barn Veterinary Clinic', kind: 'practitioner', address1: '3100 Old Cheney Road', city: 'Lincoln', state: 'NE', zip: '68516', areaCode: '402' },
  { name: 'Coastal Pain & Wellness Clinic', kind: 'practitioner', address1: '1400 Savannah Highway', city: 'Charleston', state: 'SC', zip: '29407', areaCode: '843' },
];

const USERS = ['admin', 'clerk'] as const;

export interface SeedCompany {
  row: NewCompany & { id: number; name: string };
  fixture: DemoCompany;
}

export interface CompanySeed {
  companies: SeedCompany[];
  contacts: (NewContact & { id: number })[];
  labelerCodes: (NewLabelerCode & { id: number })[];
}

function phone(rng: SeededRandom, areaCode: string): string {
  return `(${areaCode}) 555-01${rng.digits(2)}`;
}

/** The companies with their contacts and labeler codes; ids in creation order from 1. */
export function buildCompanies(today: string, organization: string): CompanySeed {
  const rng = new SeededRandom(0xc0_3a_01);
  const seed: CompanySeed = { companies: [], contacts: [], labelerCodes: [] };
  DEMO_COMPANIES.forEach((fixture, k) => {
    const id = k + 1;
    const name = fixture.name || organization;
    // Companies were entered years ago, a few days apart, and some were edited since.
    const createdDay = addDays(today, -1900 + k * 6);
    const createdBy = rng.pick(USERS);
    const created = momentAt(createdDay, 13 * 60 + rng.int(0, 540));
    const edited = rng.chance(0.4);
    const reportTypes = REPORT_TYPES.filter((t) => (t === '41' ? rng.chance(0.8) : rng.chance(0.25)));
    seed.companies.push({
      fixture,
      row: {
        id,
        name,
        address1: fixture.address1,
        address2: fixture.address2 ?? null,
        city: fixture.city,
        state: fixture.state,
        zip: fixture.zip,
        main_phone: phone(rng, fixture.areaCode),
        fax: rng.chance(0.7) ? phone(rng, fixture.areaCode) : null,
        report_type: reportTypes.length > 0 ? reportTypes.join('\r') : null,
        created_at: created,
        created_by: createdBy,
        modified_at: edited ? momentAt(addDays(createdDay, rng.int(30, 1500)), 13 * 60 + rng.int(0, 540)) : created,
        modified_by: edited ? rng.pick(USERS) : createdBy,
      },
    });
    const titles = CONTACT_TITLES[fixture.kind];
    const contactCount = rng.int(1, 3);
    for (let c = 0; c < contactCount; c += 1) {
      seed.contacts.push({
        id: seed.contacts.length + 1,
        company_id: id,
        last_name: rng.pick(LAST_NAMES),
        first_name: rng.pick(FIRST_NAMES),
        title: titles[c % titles.length]!,
        city: fixture.city,
        direct_phone: phone(rng, fixture.areaCode),
        extension: rng.chance(0.4) ? String(rng.int(100, 4999)) : null,
        created_at: created,
        created_by: createdBy,
        modified_at: created,
        modified_by: createdBy,
      });
    }
    for (const code of fixture.labelerCodes ?? []) {
      const org = fixture.labelerOrganization === 'own' ? organization : fixture.labelerOrganization === 'named' ? name : null;
      seed.labelerCodes.push({
        id: seed.labelerCodes.length + 1,
        company_id: id,
        labeler_code: code,
        organization: org,
        created_at: created,
        created_by: createdBy,
        modified_at: created,
        modified_by: createdBy,
      });
    }
  });
  return seed;
}
