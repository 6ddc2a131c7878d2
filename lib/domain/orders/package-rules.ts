/**
 * What the services of a package decide about a create-order request (spec 4.2). Pure: the
 * dashboard's new-order page computes them on the server to show the fields a package needs.
 */
import { FREE_TEXT_REASON_SERVICE_TYPES, JOB_CATEGORY_AGENCIES } from './schemas';

/** The facts of a package's service that the rules read. */
export interface RuleService {
  isDot: boolean;
  /** Service type (spec 2.9). */
  type: string;
  specimenType: string | null;
}

export interface PackageRules {
  /** A DOT service: `agency` is required, and allowed only then. */
  needsAgency: boolean;
  /** A DOT urine test: under an agency that names job categories, `jobCategory` is required. */
  dotUrine: boolean;
  /** A DOT drug, alcohol or occupational health service: `otherTestReason` is free text, else one of OTHER_TEST_REASONS. */
  freeTextOtherReason: boolean;
}

export function packageRules(services: readonly RuleService[]): PackageRules {
  return {
    needsAgency: services.some((s) => s.isDot),
    dotUrine: services.some((s) => s.isDot && s.specimenType === 'urine'),
    freeTextOtherReason: services.some((s) => s.isDot && (FREE_TEXT_REASON_SERVICE_TYPES as readonly string[]).includes(s.type)),
  };
}

/** Agencies whose DOT orders name a job category (FAA, FRA, FTA). */
export const namesJobCategories = (agencyCode: string): boolean => (JOB_CATEGORY_AGENCIES as readonly string[]).includes(agencyCode);
