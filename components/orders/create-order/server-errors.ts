/**
 * The server's errors, on the controls they concern: each entry's `source.pointer` names the member
 * at fault; what names no control is listed above the form.
 */
import type { ApiErrorEntry } from '@/components/ui/api';

/** The controls' names (react-hook-form paths), which pointers map onto. */
export const FIELDS = new Set<string>([
  'location', 'package', 'agency', 'jobCategory', 'testReason', 'otherTestReason',
  'participant.firstName', 'participant.middleName', 'participant.lastName', 'participant.birthDate', 'participant.email', 'participant.phone',
  'participant.address.line1', 'participant.address.line2', 'participant.address.city', 'participant.address.state', 'participant.address.postalCode', 'participant.address.country',
  'deliveryMethods.0.type', 'deliveryMethods', 'settings.schedule.strategy', 'settings.schedule.clinic.id', 'settings.expiresAt', 'settings.observedCollection', 'settings.notes',
  'requester.email', 'requester.name', 'requester.phone', 'callback', 'callback.url',
  'incident', 'incident.occurredAt', 'incident.delayReason', 'incident.alcoholNotTestedReason',
]);

/** `/participant/email` -> `participant.email`; `/agency` -> `agency.id` (the control's name). */
export function pointerToField(pointer: string, known: ReadonlySet<string>): string | null {
  const path = pointer
    .replace(/^\//, '')
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
  if (!path) return null;
  if (known.has(path)) return path;
  // References (`{ "id": ... }`) are one control each: `/agency/id` -> `agency`.
  if (path.endsWith('.id') && known.has(path.slice(0, -3))) return path.slice(0, -3);
  // A member with sub-fields (e.g. `participant.address`): show it on the group.
  return [...known].some((k) => k.startsWith(`${path}.`)) ? path : null;
}

/** Choices the server may require (a DOT package needs an agency, ...), asked for in the form's words. */
const ASK = new Map([
  ['agency', 'Choose the agency'],
  ['jobCategory', 'Choose the job category'],
]);

/** The incident's errors in the form's words: the section above the control says when and what to do. */
const INCIDENT_WORDS: Record<string, string> = {
  testingWindowClosed: 'A testing window has closed: order the tests whose windows are open, as offered below.',
};

/** The message shown on a control: the server's detail; a required choice as a request, with the server's reason. */
function messageFor(field: string, entry: ApiErrorEntry): string {
  if (INCIDENT_WORDS[entry.code]) return INCIDENT_WORDS[entry.code];
  if (field === 'incident.alcoholNotTestedReason' && entry.code === 'required') return 'Required: say why the alcohol test was not done (49 CFR 382.303(d)).';
  const ask = ASK.get(field);
  if (entry.code !== 'required' || !ask) return entry.detail;
  const reason = /: (.+)$/.exec(entry.detail)?.[1];
  return reason ? `${ask}: ${reason}` : `${ask}.`;
}

/** Splits the server's errors into those shown on a control and the rest. */
export function placeServerErrors(entries: ApiErrorEntry[]): { onFields: Array<{ field: string; message: string }>; unplaced: ApiErrorEntry[] } {
  const onFields: Array<{ field: string; message: string }> = [];
  const unplaced: ApiErrorEntry[] = [];
  for (const entry of entries) {
    const field = entry.source?.pointer !== undefined ? pointerToField(entry.source.pointer, FIELDS) : null;
    if (field) onFields.push({ field, message: messageFor(field, entry) });
    else unplaced.push(entry);
  }
  return { onFields, unplaced };
}
