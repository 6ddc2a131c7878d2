/**
 * HTML escaping, the one rule for every page and message written as a string (the pass page, the
 * e-mails, the clinic map's Leaflet labels): `&`, `<`, `>`, `"` and `'` as entities, so a value is
 * safe as element text and inside a quoted attribute. null and undefined are empty text.
 */
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
