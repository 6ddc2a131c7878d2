/**
 * Reference data shared by every tenant: the DOT agencies with the job categories their drug and
 * alcohol testing rules name, and the labs named on order services. Ids are derived from the codes,
 * so they are the same in every database.
 */
import { RATE_ROWS } from '@/lib/domain/rates/rates-data';
import { seedId } from './random';

export const AGENCY_CODES = ['FMCSA', 'FAA', 'FRA', 'FTA', 'PHMSA', 'USCG'] as const;
export type AgencyCode = (typeof AGENCY_CODES)[number];

interface AgencyDef {
  code: AgencyCode;
  name: string;
  jobCategories: ReadonlyArray<readonly [code: string, name: string]>;
}

export const AGENCY_DEFS: readonly AgencyDef[] = [
  {
    code: 'FMCSA',
    name: 'Federal Motor Carrier Safety Administration',
    // 49 CFR Part 382: drivers of commercial motor vehicles who need a CDL.
    jobCategories: [
      ['cdlDriver', 'CDL Driver'],
      ['cdlDriverApplicant', 'CDL Driver Applicant (Pre-Employment)'],
    ],
  },
  {
    code: 'FAA',
    name: 'Federal Aviation Administration',
    // 14 CFR 120.105 / 120.215: safety-sensitive functions.
    jobCategories: [
      ['flightCrewMember', 'Flight Crew Member'],
      ['flightAttendant', 'Flight Attendant'],
      ['flightInstructor', 'Flight Instructor'],
      ['airTrafficController', 'Air Traffic Controller'],
      ['aircraftDispatcher', 'Aircraft Dispatcher'],
      ['aircraftMaintenance', 'Aircraft Maintenance or Preventive Maintenance'],
      ['groundSecurityCoordinator', 'Ground Security Coordinator'],
      ['aviationScreener', 'Aviation Screener'],
      ['operationsControlSpecialist', 'Operations Control Specialist'],
    ],
  },
  {
    code: 'FRA',
    name: 'Federal Railroad Administration',
    // 49 CFR Part 219: covered service (hours of service), maintenance-of-way and mechanical employees.
    jobCategories: [
      ['hosTrainEngineService', 'Hours of Service Employee - Train/Engine Service'],
      ['hosDispatchingService', 'Hours of Service Employee - Dispatching Service'],
      ['hosSignalService', 'Hours of Service Employee - Signal Service'],
      ['maintenanceOfWay', 'Maintenance-of-Way Employee'],
      ['mechanical', 'Mechanical Employee'],
    ],
  },
  {
    code: 'FTA',
    name: 'Federal Transit Administration',
    // 49 CFR 655.4: safety-sensitive functions.
    jobCategories: [
      ['revenueVehicleOperation', 'Revenue Vehicle Operation'],
      ['revenueVehicleMaintenance', 'Revenue Vehicle and Equipment Maintenance'],
      ['revenueVehicleControl', 'Revenue Vehicle Control or Dispatch'],
      ['cdlNonRevenueVehicleOperation', 'CDL Non-Revenue Vehicle Operation'],
      ['armedSecurity', 'Armed Security'],
    ],
  },
  {
    code: 'PHMSA',
    name: 'Pipeline and Hazardous Materials Safety Administration',
    // 49 CFR Part 199: covered functions on pipeline and LNG facilities.
    jobCategories: [
      ['operations', 'Operations Covered Employee'],
      ['maintenance', 'Maintenance Covered Employee'],
      ['emergencyResponse', 'Emergency-Response Covered Employee'],
    ],
  },
  {
    code: 'USCG',
    name: 'United States Coast Guard',
    // 46 CFR Part 16: crewmembers and applicants for merchant mariner credentials.
    jobCategories: [
      ['crewmember', 'Crewmember on a Commercial Vessel'],
      ['merchantMarinerCredentialApplicant', 'Merchant Mariner Credential Applicant'],
    ],
  },
];

export function agencyId(code: AgencyCode): string {
  return seedId(`agency/${code}`);
}

export function jobCategoryId(agency: AgencyCode, code: string): string {
  return seedId(`agency/${agency}/jobCategory/${code}`);
}

export const AGENCY_ROWS = AGENCY_DEFS.map((a) => ({ id: agencyId(a.code), code: a.code, name: a.name }));

export const JOB_CATEGORY_ROWS = AGENCY_DEFS.flatMap((a) =>
  a.jobCategories.map(([code, name]) => ({ id: jobCategoryId(a.code, code), agencyId: agencyId(a.code), code, name })),
);

/** Labs (vendor type `lab`), keyed by a short stable key. */
export const LAB_DEFS = {
  quest: 'Quest Diagnostics',
  labcorp: 'Labcorp',
  crl: 'Clinical Reference Laboratory',
  omega: 'Omega Laboratories',
  psychemedics: 'Psychemedics',
  medtox: 'MEDTOX Laboratories',
} as const;
export type LabKey = keyof typeof LAB_DEFS;

export function labId(key: LabKey): string {
  return seedId(`vendor/${key}`);
}

export const VENDOR_ROWS = (Object.keys(LAB_DEFS) as LabKey[]).map((key) => ({
  id: labId(key),
  name: LAB_DEFS[key],
  type: 'lab',
}));

/** DOT's minimum random-testing rates with their sources (lib/domain/rates/rates-data.ts); ids derived like the agencies'. */
export const RANDOM_RATE_ROWS = RATE_ROWS.map((r) => ({
  id: seedId(`randomRate/${r.agency}/${r.category ?? ''}/${r.year}`),
  agencyId: agencyId(r.agency),
  category: r.category ?? '',
  year: r.year,
  drugRate: r.drug,
  alcoholRate: r.alcohol,
  source: r.source,
}));
