/** lib/html.ts: the one HTML escaper of the pass page, the e-mails and the clinic map's labels. */
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '@/lib/html';

describe('escapeHtml', () => {
  it('escapes the five characters', () => expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;'));
  it('leaves other text alone, entities included once', () => expect(escapeHtml('Fort Worth, TX · 75201 &amp;')).toBe('Fort Worth, TX · 75201 &amp;amp;'));
  it('writes null and undefined as empty text, other values as their text', () => {
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(undefined)).toBe('');
    expect(escapeHtml(42)).toBe('42');
  });
});
