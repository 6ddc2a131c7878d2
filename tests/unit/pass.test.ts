/** Pure parts of the pass (issue 15): tokens, links, REMINDER_HOURS, the page's escaping and markup. */
import { afterEach, describe, expect, it } from 'vitest';
import { reminderHoursFromEnv } from '@/lib/domain/orders/expiry';
import type { PassView } from '@/lib/domain/participant/pass-page';
import { hashPassToken, isPassTokenShape, newPassToken, passUrl } from '@/lib/domain/passes/tokens';
import { messagePage, passPage } from '@/app/pass/view';

describe('pass tokens', () => {
  it('32 random bytes in base64url: 43 characters, 256 bits, never the same twice', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => newPassToken()));
    expect(tokens.size).toBe(200);
    for (const t of tokens) {
      expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(t, 'base64url')).toHaveLength(32);
      expect(isPassTokenShape(t)).toBe(true);
    }
  });

  it('stored as sha256 hex', () => {
    expect(hashPassToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('other shapes are not looked up', () => {
    for (const t of ['', 'short', 'x'.repeat(44), `${'a'.repeat(42)}=`, `${'a'.repeat(42)}/`]) expect(isPassTokenShape(t)).toBe(false);
  });

  describe('passUrl', () => {
    const saved = { PUBLIC_URL: process.env.PUBLIC_URL, PORT: process.env.PORT };
    afterEach(() => {
      for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    });
    it('PUBLIC_URL/pass/{token}, without a double slash', () => {
      process.env.PUBLIC_URL = 'https://orders.example.com/';
      expect(passUrl('tok')).toBe('https://orders.example.com/pass/tok');
    });
    it('the local server when PUBLIC_URL is unset', () => {
      delete process.env.PUBLIC_URL;
      process.env.PORT = '4321';
      expect(passUrl('tok')).toBe('http://localhost:4321/pass/tok');
    });
  });
});

describe('REMINDER_HOURS', () => {
  it('defaults to 48,24, largest first', () => {
    expect(reminderHoursFromEnv(undefined)).toEqual([48, 24]);
    expect(reminderHoursFromEnv('')).toEqual([48, 24]);
  });
  it('parses, deduplicates and sorts', () => {
    expect(reminderHoursFromEnv(' 24, 72 ,24,6')).toEqual([72, 24, 6]);
  });
});

const view = (over: Partial<PassView> = {}): PassView => ({
  passId: 'p1',
  orderId: 'o1',
  tenantId: 't1',
  state: 'live',
  firstOpen: true,
  code: 'AB12CD34',
  firstName: '<Pat>',
  company: 'Acme & Sons',
  tests: ['Urine drug screen'],
  expiresAt: new Date('2026-03-10T18:00:00Z'),
  timeZone: 'America/Chicago',
  observedCollection: false,
  strategy: 'participantChoice',
  clinic: null,
  canChooseClinic: true,
  language: 'en',
  ...over,
});
const noSearch = { near: '', byPosition: false, results: null, error: null };

describe('pass page markup', () => {
  it('escapes every value', () => {
    const html = passPage({ token: 't'.repeat(43), view: view(), qrSvg: null, search: noSearch, notice: null, now: new Date('2026-03-08T12:00:00Z') });
    expect(html).toContain('Hi &lt;Pat&gt;,');
    expect(html).toContain('Acme &amp; Sons');
    expect(html).not.toContain('<Pat>');
  });

  it('time left and the deadline in the zone', () => {
    const html = passPage({ token: 't'.repeat(43), view: view(), qrSvg: null, search: noSearch, notice: null, now: new Date('2026-03-08T12:00:00Z') });
    expect(html).toContain('2 days 6 hours left');
    expect(html).toContain('Tue, Mar 10, 1:00 PM CDT');
  });

  it('the location script only with a nonce, and noindex always', () => {
    const withNonce = passPage({ token: 't'.repeat(43), view: view(), qrSvg: null, search: noSearch, notice: null, nonce: 'n0nce' });
    expect(withNonce).toContain('<script nonce="n0nce">');
    expect(passPage({ token: 't'.repeat(43), view: view(), qrSvg: null, search: noSearch, notice: null })).not.toContain('<script');
    expect(messagePage({ title: 'x', heading: 'y', text: 'z' })).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it('a closed order shows its state, never the code', () => {
    for (const state of ['cancelled', 'expired', 'final', 'noShow'] as const) {
      const html = passPage({ token: 't'.repeat(43), view: view({ state, canChooseClinic: false }), qrSvg: '<svg data-testid="pass-qr"></svg>', search: noSearch, notice: null });
      expect(html).toContain(`data-state="${state}"`);
      expect(html).not.toContain('AB12CD34');
      expect(html).not.toContain('pass-qr');
    }
  });
});

describe('pass page map', () => {
  it('an offline SVG: state outlines, the pin and town names around it; nothing fetched', async () => {
    const { miniMapSvg } = await import('@/app/pass/mini-map');
    const svg = miniMapSvg(32.7767, -96.797, 'Clinic <A>, Dallas');
    expect(svg).toMatch(/^<svg class="map" viewBox="0 0 480 220" role="img" aria-label="Map: Clinic &lt;A&gt;, Dallas"/);
    expect(svg).toContain('class="map-land"');
    expect(svg).toMatch(/<text [^>]*class="map-label">[A-Z][a-z]+/);
    expect(svg).not.toMatch(/https?:/);
  });
});
