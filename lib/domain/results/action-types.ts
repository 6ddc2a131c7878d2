/**
 * The action types results raise (DESIGN.md 7.4): severity and citation, as the action center's
 * table has them (lib/domain/actions/types.ts when it lands), read here so that raising and the
 * table agree.
 */
export const RESULT_ACTIONS = {
  clearinghouseReportDue: { type: 'clearinghouseReportDue', severity: 'high', citation: '49 CFR 382.705(b)' },
  recollectionDirected: { type: 'recollectionDirected', severity: 'critical', citation: '49 CFR 40.67' },
  prohibitedDriverOrder: { type: 'prohibitedDriverOrder', severity: 'critical', citation: '49 CFR 382.501' },
} as const;
