/**
 * The DOT "Drug and Alcohol Testing MIS Data Collection Form" (DOT F 1385; 49 CFR part 40
 * appendix J) as data: its rows, columns, the drug-to-column map and which agency has which
 * categories, sections and rows. Source: 49 CFR 40 appendix J (https://www.ecfr.gov/current/title-49/
 * subtitle-A/part-40/appendix-Appendix%20J%20to%20Part%2040) and the ODAPC MIS instructions
 * (https://www.transportation.gov/odapc/mis); PROGRAM-FACTS.md "The MIS report".
 */

/** Section III and IV rows, in the form's order (the test reasons of spec 2.2 they count). */
export const MIS_ROWS = [
  { name: 'preEmployment', label: 'Pre-Employment', testReasons: ['preEmployment'] },
  { name: 'random', label: 'Random', testReasons: ['random'] },
  { name: 'postAccident', label: 'Post-Accident', testReasons: ['postAccident'] },
  { name: 'reasonableSuspicion', label: 'Reasonable Suspicion/Cause', testReasons: ['reasonableSuspicion'] },
  { name: 'returnToDuty', label: 'Return-to-Duty', testReasons: ['returnToDuty'] },
  { name: 'followUp', label: 'Follow-Up', testReasons: ['followUp'] },
] as const;
export type MisRowName = (typeof MIS_ROWS)[number]['name'];
/** The form's last row: the sum of the rows above it. */
export const MIS_TOTAL_ROW = { name: 'total', label: 'TOTAL' } as const;

/** Section III (drug testing) columns 1–13, in the form's order. */
export const DRUG_COLUMNS = [
  { name: 'totalResults', number: 1, label: 'Total number of results (excluding cancelled tests)' },
  { name: 'verifiedNegative', number: 2, label: 'Verified negative results' },
  { name: 'verifiedPositive', number: 3, label: 'Verified positive results for one or more drugs' },
  { name: 'marijuana', number: 4, label: 'Positive for marijuana' },
  { name: 'cocaine', number: 5, label: 'Positive for cocaine' },
  { name: 'pcp', number: 6, label: 'Positive for PCP' },
  { name: 'opioids', number: 7, label: 'Positive for opioids' },
  { name: 'amphetamines', number: 8, label: 'Positive for amphetamines' },
  { name: 'refusalAdulterated', number: 9, label: 'Refusal results: adulterated' },
  { name: 'refusalSubstituted', number: 10, label: 'Refusal results: substituted' },
  { name: 'refusalShyBladder', number: 11, label: 'Refusal results: "shy bladder" with no medical explanation' },
  { name: 'refusalOther', number: 12, label: 'Other refusals to submit to testing' },
  { name: 'cancelled', number: 13, label: 'Cancelled results' },
] as const;
export type DrugColumn = (typeof DRUG_COLUMNS)[number]['name'];

/** Section IV (alcohol testing) columns 1–9, in the form's order. */
export const ALCOHOL_COLUMNS = [
  { name: 'screeningTests', number: 1, label: 'Total number of screening test results' },
  { name: 'screeningBelow002', number: 2, label: 'Screening test results below 0.02' },
  { name: 'screening002OrGreater', number: 3, label: 'Screening test results 0.02 or greater' },
  { name: 'confirmationTests', number: 4, label: 'Number of confirmation test results' },
  { name: 'confirmation002To0039', number: 5, label: 'Confirmation test results 0.02 through 0.039' },
  { name: 'confirmation004OrGreater', number: 6, label: 'Confirmation test results 0.04 or greater' },
  { name: 'refusalShyLung', number: 7, label: 'Refusal results: "shy lung" with no medical explanation' },
  { name: 'refusalOther', number: 8, label: 'Other refusals to submit to testing' },
  { name: 'cancelled', number: 9, label: 'Cancelled tests' },
] as const;
export type AlcoholColumn = (typeof ALCOHOL_COLUMNS)[number]['name'];

/**
 * The drugs a result may name (`result.positiveFor`) and the Section III column each counts in.
 * Fentanyl joined the HHS panel in 2025 but DOT's rule adding it is only proposed: the form has no
 * column for it, so a result positive for it alone counts in column 3 only. Change this map (and
 * DRUG_COLUMNS) when DOT amends the form.
 */
export const DRUG_TO_COLUMN: Readonly<Record<string, DrugColumn | null>> = {
  marijuana: 'marijuana',
  cocaine: 'cocaine',
  pcp: 'pcp',
  opioids: 'opioids',
  amphetamines: 'amphetamines',
  fentanyl: null,
};

/** Refusal kinds of `result.refusal.kind` and the column each counts in, per section. */
export const DRUG_REFUSAL_TO_COLUMN: Readonly<Record<string, DrugColumn>> = {
  adulterated: 'refusalAdulterated',
  substituted: 'refusalSubstituted',
  shyBladder: 'refusalShyBladder',
  shyLung: 'refusalOther',
  other: 'refusalOther',
};
export const ALCOHOL_REFUSAL_TO_COLUMN: Readonly<Record<string, AlcoholColumn>> = {
  shyLung: 'refusalShyLung',
  shyBladder: 'refusalOther',
  adulterated: 'refusalOther',
  substituted: 'refusalOther',
  other: 'refusalOther',
};

/** Alcohol concentration thresholds of Section IV (g/210 L of breath; 49 CFR 40.247, 40.23). */
export const ALCOHOL_SCREENING_THRESHOLD = 0.02;
export const ALCOHOL_VIOLATION_THRESHOLD = 0.04;

/**
 * What each agency's form holds. `singleCategory`: the agency has one category of employees on the
 * form (FMCSA: drivers), which every order and employee of the agency falls in, whatever its job
 * category; otherwise the categories are the agency's job categories. USCG reports no alcohol
 * section (46 CFR 16); FRA no post-accident row (FRA's own post-accident program, 49 CFR 219 subpart C).
 */
export const AGENCY_FORMS: Readonly<Record<string, { singleCategory?: { code: string; name: string }; alcohol: boolean; omitRows: readonly MisRowName[] }>> = {
  FMCSA: { singleCategory: { code: 'driver', name: 'Driver (CDL)' }, alcohol: true, omitRows: [] },
  FAA: { alcohol: true, omitRows: [] },
  FRA: { alcohol: true, omitRows: ['postAccident'] },
  FTA: { alcohol: true, omitRows: [] },
  PHMSA: { alcohol: true, omitRows: [] },
  USCG: { alcohol: false, omitRows: [] },
};
export const MIS_AGENCIES = Object.keys(AGENCY_FORMS);

/**
 * The CSV's order of cells (`format=csv`): the order in which the DAMIS data-entry screens take
 * them, which is the paper form's: per category, Section II (covered employees), then Section III
 * row by row (pre-employment first, the total last), each row's columns 1 to 13, then Section IV
 * the same way with its columns 1 to 9. Each line names its cell, so a reader need not rely on
 * the order.
 */
export const CSV_COLUMNS = ['category', 'section', 'row', 'column', 'cell', 'value'] as const;
