/** The content of participant messages (DESIGN.md 6.1 "Content"): pure rendering, no database. */
import { describe, expect, it } from 'vitest';
import { renderInvitationMessage, renderOrderMessage, SMS_MAX_LENGTH, type OrderFacts } from '@/lib/domain/messages/render';
import { formatDeadline, timeZoneOfState } from '@/lib/domain/messages/time-zones';

const facts = (over: Partial<OrderFacts> = {}): OrderFacts => ({
  code: 'K7QD2M',
  firstName: 'Pat',
  company: 'Acme Logistics',
  tests: ['10-panel urine drug screen', 'Breath alcohol test'],
  expiresAt: new Date('2026-11-27T23:00:00.000Z'),
  timeZone: 'America/Chicago',
  clinic: null,
  passUrl: 'https://orders.example.com/pass/AbCdEfGhIjKlMnOpQrStUv',
  ...over,
});

describe('renderOrderMessage', () => {
  it('orderCreated names the first name, company, tests, deadline in the zone, "choose a clinic", link and code in every part', () => {
    const m = renderOrderMessage('orderCreated', facts());
    expect(m.subject).toBe('Acme Logistics: please complete your test (order K7QD2M)');
    for (const part of [m.text, m.html]) {
      expect(part).toContain('Pat');
      expect(part).toContain('Acme Logistics');
      expect(part).toContain('10-panel urine drug screen and Breath alcohol test');
      expect(part).toContain('Friday, November 27, 2026 at 5:00 PM CST');
      expect(part).toContain('choose a clinic');
      expect(part).toContain('https://orders.example.com/pass/AbCdEfGhIjKlMnOpQrStUv');
      expect(part).toContain('K7QD2M');
    }
    expect(m.sms).toBe(
      'Hi Pat, Acme Logistics asks you to complete a test (10-panel urine drug screen and Breath alcohol test) by Nov 27, 5:00 PM CST. ' +
        'Pass: https://orders.example.com/pass/AbCdEfGhIjKlMnOpQrStUv Code: K7QD2M',
    );
  });

  it('names the clinic with its address and phone when the order has one', () => {
    const m = renderOrderMessage('reminder', facts({ clinic: { name: 'Downtown Occupational Health', address: '100 Main St, Dallas, TX 75201', phone: '+1 214 555 0100' } }));
    expect(m.text).toContain('Clinic: Downtown Occupational Health\n100 Main St, Dallas, TX 75201\nPhone: +1 214 555 0100');
    expect(m.text).not.toContain('choose a clinic');
    expect(m.sms).toContain(' at Downtown Occupational Health');
    expect(m.subject).toBe('Reminder: your test for Acme Logistics is due soon (order K7QD2M)');
  });

  it('each template has its own subject', () => {
    expect(renderOrderMessage('passReissued', facts()).subject).toBe('Your new pass for Acme Logistics (order K7QD2M)');
    expect(renderOrderMessage('passReissued', facts()).text).toContain('The link you received before no longer works.');
    expect(renderOrderMessage('expirationExtended', facts()).subject).toBe('More time for your test for Acme Logistics (order K7QD2M)');
  });

  it('escapes every value in the HTML part (a company name is data, not markup)', () => {
    const m = renderOrderMessage('orderCreated', facts({ company: '<script>alert("x")</script> & Sons', firstName: "O'Brien", passUrl: 'https://o.example/pass/a"b' }));
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Sons');
    expect(m.html).toContain('O&#39;Brien');
    expect(m.html).toContain('href="https://o.example/pass/a&quot;b"');
    // The text part is not HTML: it keeps the characters.
    expect(m.text).toContain('<script>alert("x")</script> & Sons');
  });

  it('an order without expiry says no deadline; without a first name greets plainly', () => {
    const m = renderOrderMessage('orderCreated', facts({ expiresAt: null, firstName: null }));
    expect(m.text.startsWith('Hello,\n')).toBe(true);
    expect(m.text).not.toContain('Please complete it by');
    expect(m.sms.startsWith('Acme Logistics asks you')).toBe(true);
  });

  it(`the SMS stays within ${SMS_MAX_LENGTH} characters and keeps the whole link and code, however long the names`, () => {
    const long = facts({
      company: 'The Very Long Name Transportation and Logistics Holding Company of the Greater Metropolitan Area Incorporated',
      firstName: 'Maximiliana-Josephina',
      tests: Array.from({ length: 12 }, (_, i) => `Extended panel number ${i + 1} with confirmation`),
      clinic: { name: 'A Clinic With An Extremely Long Name For Occupational Medicine and Drug Testing Services', address: null, phone: null },
    });
    for (const template of ['orderCreated', 'reminder', 'passReissued', 'expirationExtended'] as const) {
      const { sms } = renderOrderMessage(template, long);
      expect(sms.length).toBeLessThanOrEqual(SMS_MAX_LENGTH);
      expect(sms).toContain(`Pass: ${long.passUrl} Code: K7QD2M`);
    }
  });
});

describe('renderInvitationMessage', () => {
  it('names the tenant, the inviter and the invitation link; escapes the HTML', () => {
    const m = renderInvitationMessage({ tenant: 'Acme <Corp>', inviter: 'Morgan Lee', name: 'Sam', expiresAt: new Date('2026-12-01T12:00:00Z'), url: 'https://o.example/invite/tok' });
    expect(m.subject).toBe('Morgan Lee invited you to join Acme <Corp> on the drug-testing orders dashboard');
    expect(m.text).toContain('https://o.example/invite/tok');
    expect(m.html).toContain('href="https://o.example/invite/tok"');
    expect(m.html).toContain('Acme &lt;Corp&gt;');
    expect(m.html).not.toContain('<Corp>');
  });
});

describe('deadline time zone', () => {
  it("is the location's state's main zone, America/Chicago when unknown", () => {
    expect(timeZoneOfState('CA')).toBe('America/Los_Angeles');
    expect(timeZoneOfState('ny')).toBe('America/New_York');
    expect(timeZoneOfState('TX')).toBe('America/Chicago');
    expect(timeZoneOfState(null)).toBe('America/Chicago');
    expect(timeZoneOfState('ZZ')).toBe('America/Chicago');
  });
  it('is written with the zone it used', () => {
    const at = new Date('2026-07-01T18:30:00Z');
    expect(formatDeadline(at, 'America/Los_Angeles')).toBe('Wednesday, July 1, 2026 at 11:30 AM PDT');
    expect(formatDeadline(at, 'America/New_York', 'short')).toBe('Jul 1, 2:30 PM EDT');
  });
});

