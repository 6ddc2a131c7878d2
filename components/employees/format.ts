/**
 * An employee as the dashboard writes them: "Last, First" (how rosters are sorted and searched),
 * and the DOT coverage in one line.
 */
import type { Employee } from '@/lib/api/representations';

/** "Doe, Jane Q." — the list's order and the search's "Last, First". */
export function rosterName(e: { firstName: string; middleName?: string | null; lastName: string }): string {
  const given = [e.firstName, e.middleName ? `${e.middleName.slice(0, 1)}.` : null].filter(Boolean).join(' ');
  return `${e.lastName}, ${given}`;
}

/** "FMCSA · Driver", "FMCSA", or "Non-DOT". */
export function coverageLine(dot: Employee['dot']): string {
  if (!dot) return 'Non-DOT';
  return dot.jobCategory ? `${dot.agency.code} · ${dot.jobCategory.name}` : dot.agency.code;
}

/** Options the roster's forms and filters choose from (read on the server, passed to the client). */
export interface RosterOptions {
  companies: Array<{ id: string; name: string }>;
  locations: Array<{ id: string; name: string; companyId: string }>;
  agencies: Array<{ id: string; code: string; name: string; jobCategories: Array<{ id: string; name: string }> }>;
}
