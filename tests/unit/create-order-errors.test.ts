/**
 * The create-order form's placement of the server's errors (components/orders/create-order/
 * server-errors.ts): a pointer names a control, or the error is listed above the form.
 */
import { describe, expect, it } from 'vitest';
import { FIELDS, placeServerErrors, pointerToField } from '@/components/orders/create-order/server-errors';

describe('pointerToField', () => {
  it.each([
    ['/participant/email', 'participant.email'],
    ['/agency', 'agency'],
    ['/agency/id', 'agency'],
    ['/settings/schedule/clinic/id', 'settings.schedule.clinic.id'],
    ['/deliveryMethods/0/type', 'deliveryMethods.0.type'],
    ['/participant/address', 'participant.address'],
    ['/callback/url', 'callback.url'],
    ['/incident/delayReason', 'incident.delayReason'],
    ['/incident/occurredAt', 'incident.occurredAt'],
    ['/incident/alcoholNotTestedReason', 'incident.alcoholNotTestedReason'],
    ['/incident', 'incident'],
  ])('%s -> %s', (pointer, field) => {
    expect(pointerToField(pointer, FIELDS)).toBe(field);
  });

  it.each(['', '/', '/orderMatching/windowDays', '/participant/identifiers/0/value'])('%j names no control', (pointer) => {
    expect(pointerToField(pointer, FIELDS)).toBeNull();
  });
});

describe('placeServerErrors', () => {
  it('a choice the server requires is asked for, with the server’s reason', () => {
    const { onFields, unplaced } = placeServerErrors([
      { code: 'required', detail: 'agency is required: the package includes a DOT service.', source: { pointer: '/agency' } },
      { code: 'required', detail: 'jobCategory is required: the package includes a DOT urine test under FAA.', source: { pointer: '/jobCategory' } },
    ]);
    expect(onFields).toEqual([
      { field: 'agency', message: 'Choose the agency: the package includes a DOT service.' },
      { field: 'jobCategory', message: 'Choose the job category: the package includes a DOT urine test under FAA.' },
    ]);
    expect(unplaced).toEqual([]);
  });

  it('the incident’s errors land on their controls, in the form’s words (never the summary)', () => {
    const { onFields, unplaced } = placeServerErrors([
      { code: 'required', detail: 'incident.delayReason is required: the alcohol test is more than 2 hours after the incident.', source: { pointer: '/incident/delayReason' } },
      { code: 'testingWindowClosed', detail: 'The DOT testing window has closed for: DOT Breath Alcohol Test (alcohol, 8 hours, closed 2026-07-15T03:00:00.000Z).', source: { pointer: '/incident/occurredAt' } },
      { code: 'required', detail: 'incident.alcoholNotTestedReason is required: the 8-hour alcohol window closed at 2026-07-15T03:00:00.000Z, …', source: { pointer: '/incident/alcoholNotTestedReason' } },
    ]);
    expect(onFields).toEqual([
      { field: 'incident.delayReason', message: 'incident.delayReason is required: the alcohol test is more than 2 hours after the incident.' },
      { field: 'incident.occurredAt', message: 'A testing window has closed: order the tests whose windows are open, as offered below.' },
      { field: 'incident.alcoholNotTestedReason', message: 'Required: say why the alcohol test was not done (49 CFR 382.303(d)).' },
    ]);
    expect(unplaced).toEqual([]);
  });

  it('other errors keep the server’s detail; those without a control are listed apart', () => {
    const conflict = { code: 'conflict', detail: 'Idempotency-Key was used with another body.' };
    const window = { code: 'tooBig', detail: 'Too big.', source: { pointer: '/orderMatching/windowDays' } };
    const { onFields, unplaced } = placeServerErrors([
      { code: 'invalidScheduleStrategy', detail: 'This location does not allow the "clinic" schedule strategy.', source: { pointer: '/settings/schedule/strategy' } },
      { code: 'invalidValue', detail: 'agency must be one of the agencies of the list-agencies operation.', source: { pointer: '/agency/id' } },
      conflict,
      window,
    ]);
    expect(onFields).toEqual([
      { field: 'settings.schedule.strategy', message: 'This location does not allow the "clinic" schedule strategy.' },
      { field: 'agency', message: 'agency must be one of the agencies of the list-agencies operation.' },
    ]);
    expect(unplaced).toEqual([conflict, window]);
  });
});
