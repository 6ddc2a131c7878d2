/** The two demo tenants: their companies, locations and dashboard users. */
import type { AgencyCode } from './reference';
import type { CompanyKey } from './catalog';

export type TenantSlug = 'acme' | 'northwind';

export interface CompanyDef {
  key: CompanyKey;
  name: string;
  zip: string;
  line1: string;
  isActive: boolean;
  deleted: boolean;
  backgroundCheckEnabled: boolean;
  /** Agencies of its DOT orders, by weight. */
  agencies: ReadonlyArray<readonly [AgencyCode, number]>;
  /** Share of the tenant's orders placed for it. */
  orderWeight: number;
}

export type LocationKey = 'primary' | 'secondary' | 'inactive' | 'participantChoiceOnly' | 'feeCapped' | string;

export interface LocationDef {
  key: LocationKey;
  company: CompanyKey;
  name: string;
  zip: string;
  line1: string;
  isActive?: boolean;
  scheduleStrategies?: readonly string[];
  feeCapCents?: number;
}

export interface UserDef {
  role: 'admin' | 'manager' | 'staff' | 'viewer';
  email: string;
  name: string;
}

export interface TenantDef {
  slug: TenantSlug;
  name: string;
  companies: readonly CompanyDef[];
  locations: readonly LocationDef[];
  users: readonly UserDef[];
  /** Other people who place orders (requester of an order). */
  requesters: ReadonlyArray<{ email: string; name: string }>;
}

export const ALL_STRATEGIES = ['participantChoice', 'nearestClinic', 'clinic'] as const;

export const TENANT_DEFS: readonly TenantDef[] = [
  {
    slug: 'acme',
    name: 'Acme Logistics',
    companies: [
      {
        key: 'primary', name: 'Acme Freight Lines', zip: '75201', line1: '2100 Ross Ave', isActive: true, deleted: false,
        backgroundCheckEnabled: true, orderWeight: 50,
        agencies: [['FMCSA', 60], ['PHMSA', 12], ['FRA', 12], ['FTA', 8], ['USCG', 8]],
      },
      {
        key: 'secondary', name: 'Acme Warehousing & Distribution', zip: '43215', line1: '250 Civic Center Dr', isActive: true,
        deleted: false, backgroundCheckEnabled: false, orderWeight: 25, agencies: [['FMCSA', 80], ['PHMSA', 20]],
      },
      {
        key: 'tertiary', name: 'Acme Air Cargo', zip: '38118', line1: '3131 Democrat Rd', isActive: true, deleted: false,
        backgroundCheckEnabled: false, orderWeight: 15, agencies: [['FAA', 75], ['FTA', 15], ['USCG', 10]],
      },
      {
        key: 'inactive', name: 'Acme Rail Services', zip: '40210', line1: '1500 S 7th St', isActive: false, deleted: false,
        backgroundCheckEnabled: false, orderWeight: 5, agencies: [['FRA', 100]],
      },
      {
        key: 'deleted', name: 'Acme Marine Terminals', zip: '21224', line1: '2700 Broening Hwy', isActive: true, deleted: true,
        backgroundCheckEnabled: false, orderWeight: 5, agencies: [['USCG', 70], ['FMCSA', 30]],
      },
    ],
    locations: [
      { key: 'primary', company: 'primary', name: 'Dallas Terminal', zip: '75207', line1: '1800 Irving Blvd' },
      { key: 'houston', company: 'primary', name: 'Houston Terminal', zip: '77029', line1: '9400 Market St' },
      { key: 'chicago', company: 'primary', name: 'Chicago Cross-Dock', zip: '60638', line1: '6000 S Harlem Ave' },
      {
        key: 'participantChoiceOnly', company: 'primary', name: 'Phoenix Yard', zip: '85043', line1: '4700 W Lower Buckeye Rd',
        scheduleStrategies: ['participantChoice'],
      },
      { key: 'feeCapped', company: 'primary', name: 'Denver Terminal', zip: '80216', line1: '5200 Race St', feeCapCents: 9000 },
      { key: 'oklahomaCity', company: 'primary', name: 'Oklahoma City Terminal', zip: '73108', line1: '1200 S Portland Ave' },
      { key: 'inactive', company: 'primary', name: 'Fort Worth Yard (closed)', zip: '76106', line1: '3300 NE 28th St', isActive: false },
      { key: 'secondary', company: 'secondary', name: 'Columbus Distribution Center', zip: '43228', line1: '4600 Fisher Rd' },
      { key: 'indianapolis', company: 'secondary', name: 'Indianapolis Warehouse', zip: '46241', line1: '2800 S Holt Rd' },
      {
        key: 'kansasCity', company: 'secondary', name: 'Kansas City Warehouse', zip: '64120', line1: '7300 E Front St',
        feeCapCents: 7000,
      },
      { key: 'reno', company: 'secondary', name: 'Reno Fulfillment Center', zip: '89502', line1: '1055 Terminal Way' },
      { key: 'memphis', company: 'tertiary', name: 'Memphis Air Hub', zip: '38118', line1: '2900 Tchulahoma Rd' },
      { key: 'atlanta', company: 'tertiary', name: 'Atlanta Air Cargo Center', zip: '30354', line1: '1200 Toffie Ter' },
      { key: 'seattle', company: 'tertiary', name: 'Seattle Air Cargo', zip: '98168', line1: '16400 Air Cargo Rd' },
      { key: 'louisville', company: 'inactive', name: 'Louisville Rail Yard', zip: '40210', line1: '1900 Beecher St' },
      { key: 'baltimore', company: 'deleted', name: 'Baltimore Marine Terminal', zip: '21224', line1: '2600 Broening Hwy' },
    ],
    users: [
      { role: 'admin', email: 'admin@acme.test', name: 'Alex Rivera' },
      { role: 'manager', email: 'manager@acme.test', name: 'Morgan Lee' },
      { role: 'staff', email: 'staff@acme.test', name: 'Sam Patel' },
      { role: 'viewer', email: 'viewer@acme.test', name: 'Jordan Kim' },
    ],
    requesters: [
      { email: 'manager@acme.test', name: 'Morgan Lee' },
      { email: 'admin@acme.test', name: 'Alex Rivera' },
      { email: 'safety@acme.test', name: 'Acme Safety Office' },
      { email: 'hr@acme.test', name: 'Acme Human Resources' },
    ],
  },
  {
    slug: 'northwind',
    name: 'Northwind Health',
    companies: [
      {
        key: 'primary', name: 'Northwind Home Health', zip: '02110', line1: '100 High St', isActive: true, deleted: false,
        backgroundCheckEnabled: true, orderWeight: 50, agencies: [['FMCSA', 50], ['FTA', 30], ['PHMSA', 10], ['USCG', 10]],
      },
      {
        key: 'secondary', name: 'Northwind Medical Transport', zip: '06103', line1: '185 Asylum St', isActive: true,
        deleted: false, backgroundCheckEnabled: false, orderWeight: 25, agencies: [['FTA', 50], ['FMCSA', 50]],
      },
      {
        key: 'tertiary', name: 'Northwind Air Ambulance', zip: '15222', line1: '600 Grant St', isActive: true, deleted: false,
        backgroundCheckEnabled: false, orderWeight: 15, agencies: [['FAA', 80], ['FRA', 20]],
      },
      {
        key: 'inactive', name: 'Northwind Pharmacy Services', zip: '02903', line1: '1 Financial Plz', isActive: false,
        deleted: false, backgroundCheckEnabled: false, orderWeight: 5, agencies: [['FMCSA', 100]],
      },
      {
        key: 'deleted', name: 'Northwind Staffing Partners', zip: '12207', line1: '90 State St', isActive: true, deleted: true,
        backgroundCheckEnabled: false, orderWeight: 5, agencies: [['FMCSA', 100]],
      },
    ],
    locations: [
      { key: 'primary', company: 'primary', name: 'Boston Home Health Office', zip: '02118', line1: '540 Harrison Ave' },
      { key: 'worcester', company: 'primary', name: 'Worcester Branch', zip: '01608', line1: '44 Front St' },
      { key: 'providence', company: 'primary', name: 'Providence Branch', zip: '02903', line1: '10 Dorrance St' },
      {
        key: 'participantChoiceOnly', company: 'primary', name: 'Portland Branch', zip: '04101', line1: '477 Congress St',
        scheduleStrategies: ['participantChoice'],
      },
      { key: 'feeCapped', company: 'primary', name: 'Manchester Branch', zip: '03101', line1: '1000 Elm St', feeCapCents: 9000 },
      { key: 'burlington', company: 'primary', name: 'Burlington Branch', zip: '05401', line1: '150 Bank St' },
      { key: 'inactive', company: 'primary', name: 'Springfield Branch (closed)', zip: '01103', line1: '1350 Main St', isActive: false },
      { key: 'secondary', company: 'secondary', name: 'Hartford Dispatch Center', zip: '06103', line1: '1 Constitution Plz' },
      { key: 'newHaven', company: 'secondary', name: 'New Haven Station', zip: '06510', line1: '200 Orange St' },
      { key: 'newark', company: 'secondary', name: 'Newark Station', zip: '07102', line1: '1 Gateway Ctr', feeCapCents: 7000 },
      { key: 'philadelphia', company: 'secondary', name: 'Philadelphia Station', zip: '19104', line1: '3400 Civic Center Blvd' },
      { key: 'pittsburgh', company: 'tertiary', name: 'Pittsburgh Air Base', zip: '15231', line1: '1000 Airport Blvd' },
      { key: 'cleveland', company: 'tertiary', name: 'Cleveland Air Base', zip: '44135', line1: '5300 Riverside Dr' },
      { key: 'buffalo', company: 'tertiary', name: 'Buffalo Air Base', zip: '14225', line1: '4200 Genesee St' },
      { key: 'providencePharmacy', company: 'inactive', name: 'Providence Pharmacy', zip: '02908', line1: '593 Eddy St' },
      { key: 'albany', company: 'deleted', name: 'Albany Staffing Office', zip: '12207', line1: '75 State St' },
    ],
    users: [{ role: 'admin', email: 'admin@northwind.test', name: 'Casey Nguyen' }],
    requesters: [
      { email: 'admin@northwind.test', name: 'Casey Nguyen' },
      { email: 'compliance@northwind.test', name: 'Northwind Compliance' },
      { email: 'recruiting@northwind.test', name: 'Northwind Recruiting' },
    ],
  },
];
