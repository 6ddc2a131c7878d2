/**
 * The service catalog and the packages every demo tenant gets. Services cover every service type of
 * spec 2.9; `kind` drives how a seeded order service moves through its statuses (see orders.ts).
 */
import type { Db } from '@/lib/db/client';
import { upsertServices, type ServiceImportRow } from '@/lib/domain/services/import-services';

export type ServiceKind = 'lab' | 'instant' | 'alcohol' | 'physical' | 'passFail' | 'clinical' | 'background';

export interface ServiceDef {
  key: string;
  name: string;
  type: string;
  category: string | null;
  specimenType: string | null;
  isDot: boolean;
  kind: ServiceKind;
  /** Typical clinic price in cents; each clinic varies it. */
  priceCents: number;
  /** Share of ordinary clinics that offer it. */
  availability: number;
  /**
   * Demo data only, never in the standard catalog of a real tenant: the demo's example of a service
   * a customer's old system could not map (spec 2.9's `unknown` type).
   */
  demoOnly?: boolean;
}

const s = (
  key: string,
  name: string,
  type: string,
  category: string | null,
  specimenType: string | null,
  kind: ServiceKind,
  priceCents: number,
  availability: number,
  isDot = false,
  demoOnly = false,
): ServiceDef => ({ key, name, type, category, specimenType, isDot, kind, priceCents, availability, ...(demoOnly ? { demoOnly } : {}) });

export const SERVICE_DEFS: readonly ServiceDef[] = [
  s('dotUrine', 'DOT 5-Panel Urine Drug Screen', 'labBasedToxicology', 'drug', 'urine', 'lab', 5500, 0.9, true),
  s('nonDotUrine', 'Non-DOT 10-Panel Urine Drug Screen', 'labBasedToxicology', 'drug', 'urine', 'lab', 4800, 0.9),
  s('nonDot5Urine', 'Non-DOT 5-Panel Urine Drug Screen', 'labBasedToxicology', 'drug', 'urine', 'lab', 4200, 0.85),
  s('hair5', 'Hair 5-Panel Drug Test', 'labBasedToxicology', 'drug', 'hair', 'lab', 9800, 0.35),
  s('oral10', 'Oral Fluid 10-Panel Drug Test', 'labBasedToxicology', 'drug', 'oralFluid', 'lab', 5200, 0.45),
  s('bloodAlcohol', 'Blood Alcohol (EtOH) Test', 'labBasedToxicology', 'alcohol', 'blood', 'lab', 7800, 0.25),
  s('instant10', 'Instant 10-Panel Urine Cup', 'instantDrugTest', 'drug', 'urine', 'instant', 3200, 0.5),
  s('confirmation', 'GC/MS Confirmation Test', 'confirmationTest', 'drug', 'urine', 'lab', 6500, 0.4),
  s('dotBreathAlcohol', 'DOT Breath Alcohol Test', 'breathAlcoholTest', 'alcohol', 'breath', 'alcohol', 4200, 0.65, true),
  s('nonDotBreathAlcohol', 'Non-DOT Breath Alcohol Test', 'breathAlcoholTest', 'alcohol', 'breath', 'alcohol', 3600, 0.6),
  s('physical', 'DOT Physical', 'occupationalHealthService', 'physical', null, 'physical', 9500, 0.7, true),
  s('nonDotPhysical', 'Pre-Employment Physical', 'occupationalHealthService', 'physical', null, 'physical', 8500, 0.6),
  s('fitTest', 'Respirator Fit Test', 'occupationalHealthService', 'clinical', null, 'passFail', 5000, 0.4),
  s('audiogram', 'Audiogram (Hearing Test)', 'clinical', 'clinical', null, 'clinical', 4000, 0.4),
  s('tbTest', 'TB Skin Test (PPD)', 'clinical', 'clinical', null, 'clinical', 2800, 0.55),
  s('hepBTiter', 'Hepatitis B Titer', 'clinical', 'clinical', 'blood', 'clinical', 6500, 0.3),
  s('hepB', 'Hepatitis B Vaccination', 'vaccination', 'vaccination', null, 'clinical', 9000, 0.4),
  s('flu', 'Influenza Vaccination', 'vaccination', 'vaccination', null, 'clinical', 3000, 0.5),
  s('injuryCare', 'Workplace Injury Evaluation', 'injuryCareService', null, null, 'clinical', 12500, 0.3),
  s('backgroundCheck', 'Criminal Background Check', 'backgroundCheckService', 'background', null, 'background', 3500, 0.4),
  s('mvr', 'Motor Vehicle Record (MVR) Check', 'backgroundCheckService', 'background', null, 'background', 2500, 0.35),
  s('mroReview', 'MRO Review', 'mroService', null, null, 'clinical', 2500, 0.5),
  s('supervisorTraining', 'DOT Reasonable Suspicion Supervisor Training', 'safetyTraining', 'training', null, 'passFail', 14500, 0.1),
  s('collectionFee', 'Specimen Collection Fee', 'additionalService', null, null, 'clinical', 2500, 0.5),
  s('afterHours', 'After-Hours Collection Surcharge', 'additionalService', null, null, 'clinical', 4500, 0.2),
  s('legacyService', 'Legacy Service (Unmapped)', 'unknown', null, null, 'clinical', 2500, 0.05, false, true),
];

export const SERVICE_BY_KEY: ReadonlyMap<string, ServiceDef> = new Map(SERVICE_DEFS.map((d) => [d.key, d]));

/**
 * The standard catalog every new tenant gets (`tenant create` unless `--no-catalog`): the demo's
 * services, DOT and non-DOT, each with its key as externalId (the demo tenants' services carry the
 * same), so that `catalog import` and the `services` column of `clinics import` can name them. The
 * demo's own examples (`demoOnly`: the unmapped legacy service) are left out; a tenant created
 * before they were keeps its row (packages and orders may name it), and `catalog import` can change it.
 */
export const STANDARD_CATALOG: readonly ServiceImportRow[] = SERVICE_DEFS.filter((d) => !d.demoOnly).map((d) => ({
  externalId: d.key,
  name: d.name,
  type: d.type,
  category: d.category,
  specimenType: d.specimenType,
  isDot: d.isDot,
}));

/** Gives a tenant the standard catalog (adds what it lacks, by externalId). */
export function addStandardCatalog(db: Db, tenantId: string) {
  return upsertServices(db, tenantId, STANDARD_CATALOG);
}

export type CompanyKey = 'primary' | 'secondary' | 'tertiary' | 'inactive' | 'deleted';

export interface PackageDef {
  key: string;
  /** `{location}` is replaced by the name of the location a location-level package belongs to. */
  name: string;
  company: CompanyKey;
  /** Key of a location of that company for a location-level package. */
  location?: string;
  services: readonly string[];
  /** No orders are seeded for it (e.g. it needs an integration the company lacks). */
  noOrders?: boolean;
}

/** The same packages for every tenant; location keys are those of tenants.ts. */
export const PACKAGE_DEFS: readonly PackageDef[] = [
  // Primary company: background checks enabled.
  { key: 'dot', name: 'DOT Drug Screen', company: 'primary', services: ['dotUrine'] },
  { key: 'dotWithAlcohol', name: 'DOT Drug & Alcohol', company: 'primary', services: ['dotUrine', 'dotBreathAlcohol'] },
  { key: 'nonDot', name: 'Non-DOT 10-Panel Drug Screen', company: 'primary', services: ['nonDotUrine'] },
  {
    key: 'drugAndBackground',
    name: 'Pre-Employment Drug Screen + Background Check',
    company: 'primary',
    services: ['nonDotUrine', 'backgroundCheck'],
  },
  { key: 'backgroundOnly', name: 'Criminal Background Check', company: 'primary', services: ['backgroundCheck'] },
  { key: 'physical', name: 'DOT Physical', company: 'primary', services: ['physical'] },
  { key: 'physicalAndDrug', name: 'DOT Physical + Drug Screen', company: 'primary', services: ['physical', 'dotUrine'] },
  {
    key: 'locationLevel',
    name: '{location} Hair & Instant Screen',
    company: 'primary',
    location: 'primary',
    services: ['hair5', 'instant10'],
  },
  {
    key: 'postAccidentNonDot',
    name: '{location} Post-Accident Drug & Alcohol (Non-DOT)',
    company: 'primary',
    location: 'participantChoiceOnly',
    services: ['nonDotUrine', 'nonDotBreathAlcohol', 'bloodAlcohol'],
  },
  // Secondary company: no background-check integration.
  {
    key: 'backgroundOnlyNoIntegration',
    name: 'Criminal Background Check',
    company: 'secondary',
    services: ['backgroundCheck'],
    noOrders: true,
  },
  { key: 'secondaryDot', name: 'DOT Drug Screen', company: 'secondary', services: ['dotUrine'] },
  { key: 'secondaryNonDot', name: 'Non-DOT 5-Panel Drug Screen', company: 'secondary', services: ['nonDot5Urine'] },
  {
    key: 'surveillance',
    name: 'Annual Health Surveillance',
    company: 'secondary',
    services: ['tbTest', 'fitTest', 'audiogram'],
  },
  { key: 'oralFluid', name: '{location} Oral Fluid 10-Panel', company: 'secondary', location: 'secondary', services: ['oral10'] },
  // Tertiary company.
  { key: 'tertiaryDotWithAlcohol', name: 'DOT Drug & Alcohol', company: 'tertiary', services: ['dotUrine', 'dotBreathAlcohol'] },
  { key: 'tertiaryPhysical', name: 'Pre-Employment Physical', company: 'tertiary', services: ['nonDotPhysical'] },
  {
    key: 'injuryCare',
    name: 'Injury Care + Post-Accident Screen',
    company: 'tertiary',
    services: ['injuryCare', 'nonDot5Urine', 'nonDotBreathAlcohol'],
  },
  { key: 'vaccinations', name: 'Vaccination Bundle', company: 'tertiary', services: ['hepB', 'flu', 'hepBTiter'] },
  {
    key: 'labPanelWithMro',
    name: 'Lab Panel with Confirmation and MRO Review',
    company: 'tertiary',
    services: ['nonDotUrine', 'confirmation', 'mroReview', 'collectionFee', 'afterHours', 'legacyService'],
  },
  { key: 'supervisorTraining', name: 'Supervisor Training', company: 'tertiary', services: ['supervisorTraining'] },
  // Companies no longer in use keep the packages their old orders came from.
  { key: 'inactiveDot', name: 'DOT Drug Screen', company: 'inactive', services: ['dotUrine'] },
  { key: 'deletedDotWithAlcohol', name: 'DOT Drug & Alcohol', company: 'deleted', services: ['dotUrine', 'dotBreathAlcohol'] },
];
