/**
 * The action types results raise (DESIGN.md 7.4), their severity and citation as the action
 * center's table has them (lib/domain/actions/types.ts), so that raising and the table agree.
 */
import { actionTypeOf } from '@/lib/domain/actions/types';

const row = (type: 'clearinghouseReportDue' | 'recollectionDirected' | 'prohibitedDriverOrder') => {
  const def = actionTypeOf(type)!;
  return { type, severity: def.severity, citation: def.citation };
};

export const RESULT_ACTIONS = {
  clearinghouseReportDue: row('clearinghouseReportDue'),
  recollectionDirected: row('recollectionDirected'),
  prohibitedDriverOrder: row('prohibitedDriverOrder'),
} as const;
