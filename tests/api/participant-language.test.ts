/**
 * Issue 29, "The participant in their language": `participant.language` (en | es) on create-order
 * and the Order, defaulting to the company's `participantLanguage`; the participant's e-mail and
 * SMS rendered in it (as the staging mailbox captures them); the pass page in it, with a switch to
 * the other language remembered by a cookie, and the clinic choice's hours and open state.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@/lib/db/schema';
import { listMailbox } from '@/lib/domain/messages/queries';
import { newId } from '@/lib/ids';
import { DEMO } from '@/lib/seed';
import { runDueMessages } from '@/lib/worker/message-send';
import type { MessageProvider, OutgoingMessage } from '@/lib/worker/providers/types';
import * as page from '@/app/pass/[token]/route';
import { createTestUser } from './admins';
import { call, db, expectError, get, token, withTestDatabase } from './harness';
import { createOrder, orderBody, withParticipant } from './orders-fixtures';

withTestDatabase();

const acme = DEMO.acme;
const address = { line1: '2100 Ross Ave', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' };

/** Sends the order's queued messages as staging does without a provider (into the mailbox), keeping what was sent. */
async function sendQueued(orderId: string): Promise<OutgoingMessage[]> {
  const rows = await db().select({ id: messages.id }).from(messages).where(eq(messages.orderId, orderId));
  const sent: OutgoingMessage[] = [];
  const mailbox: MessageProvider = { name: 'mailbox', send: async (m) => (sent.push(m), { ok: true, providerMessageId: null }) };
  await runDueMessages({ db: db(), messageIds: rows.map((r) => r.id), providers: { email: mailbox, sms: mailbox } });
  expect(sent).toHaveLength(rows.length);
  return sent;
}

const context = (t: string) => ({ params: Promise.resolve({ token: t }) });

async function open(passToken: string, query = '', headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost/pass/${passToken}${query}`, { headers });
  const response = await page.GET(request, context(passToken));
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function passToken(orderId: string) {
  const res = await get(`/api/v2/orders/${orderId}/pass`, { token: await token() });
  return /\/pass\/([A-Za-z0-9_-]{43})$/.exec(res.body.url)![1];
}

/** A company of its own whose participants speak `participantLanguage`, with a location and a package to order. */
async function companyWithLanguage(participantLanguage: 'en' | 'es') {
  const t = await token();
  const company = await call('POST', '/api/v2/companies', { token: t, body: { name: `Constructora ${newId().slice(-6)}`, address, participantLanguage } });
  expect(company.status, JSON.stringify(company.body)).toBe(201);
  const location = await call('POST', '/api/v2/locations', { token: t, body: { company: { id: company.body.id }, name: 'Patio', address } });
  expect(location.status, JSON.stringify(location.body)).toBe(201);
  const pkg = await call('POST', '/api/v2/packages', {
    token: t,
    body: { name: `Prueba ${newId().slice(-6)}`, company: { id: company.body.id }, services: [{ id: acme.services.nonDotUrine }] },
  });
  expect(pkg.status, JSON.stringify(pkg.body)).toBe(201);
  return { company: company.body, location: location.body, pkg: pkg.body };
}

describe('participant.language on POST /api/v2/orders and the Order', () => {
  it("201 with participant.language 'es': the Order shows it, and so does GET", async () => {
    const res = await call('POST', '/api/v2/orders', { token: await token(), body: withParticipant({ language: 'es' }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.participant.language).toBe('es');
    const read = await get(`/api/v2/orders/${res.body.id}`, { token: await token() });
    expect(read.status).toBe(200);
    expect(read.body.participant.language).toBe('es');
  });

  it("omitted: the company's participantLanguage ('es' for a company that set it, 'en' for one that did not)", async () => {
    const spanish = await companyWithLanguage('es');
    const order = await createOrder(orderBody({ location: { id: spanish.location.id }, package: { id: spanish.pkg.id } }));
    expect(order.participant.language).toBe('es');
    // An order may still say English for a participant of that company.
    const english = await createOrder(withParticipant({ language: 'en' }, { location: { id: spanish.location.id }, package: { id: spanish.pkg.id } }));
    expect(english.participant.language).toBe('en');
    // The demo company never set it: English.
    expect((await createOrder()).participant.language).toBe('en');
  });

  it("400 invalidValue at /participant/language for 'fr' (and for a non-string)", async () => {
    expectError(await call('POST', '/api/v2/orders', { token: await token(), body: withParticipant({ language: 'fr' }) }), 400, 'invalidValue', '/participant/language');
    expectError(await call('POST', '/api/v2/orders', { token: await token(), body: withParticipant({ language: 1 }) }), 400, 'invalidValue', '/participant/language');
  });
});

describe("the company's participantLanguage", () => {
  it("POST stores it, 'en' by default; PATCH changes it; 400 invalidValue at /participantLanguage for 'fr'", async () => {
    const t = await token();
    const plain = await call('POST', '/api/v2/companies', { token: t, body: { name: `Plain ${newId().slice(-6)}` } });
    expect(plain.status).toBe(201);
    expect(plain.body.participantLanguage).toBe('en');
    const changed = await call('PATCH', `/api/v2/companies/${plain.body.id}`, { token: t, body: { participantLanguage: 'es' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.participantLanguage).toBe('es');
    expect((await get(`/api/v2/companies/${plain.body.id}`, { token: t })).body.participantLanguage).toBe('es');
    expectError(await call('PATCH', `/api/v2/companies/${plain.body.id}`, { token: t, body: { participantLanguage: 'fr' } }), 400, 'invalidValue', '/participantLanguage');
    expectError(await call('POST', '/api/v2/companies', { token: t, body: { name: `Bad ${newId().slice(-6)}`, participantLanguage: 'fr' } }), 400, 'invalidValue', '/participantLanguage');
  });
});

describe('the participant messages in Spanish', () => {
  it('the e-mail: messages.language es, Spanish subject, text and HTML (lang="es"), the deadline in Spanish in the location zone', async () => {
    const order = await createOrder(withParticipant({ language: 'es', firstName: 'Lupita' }, { settings: { expiresAt: '2030-03-15T22:00:00.000Z' } }));
    const [row] = await db().select().from(messages).where(eq(messages.orderId, order.id));
    expect(row).toMatchObject({ channel: 'email', template: 'orderCreated', language: 'es' });
    const [mail] = await sendQueued(order.id);
    expect(mail.subject).toBe(`${order.company!.name}: por favor, complete su prueba (código de la orden ${order.code})`);
    expect(mail.text).toContain('Hola, Lupita:');
    expect(mail.text).toContain(`${order.company!.name} le pide que complete lo siguiente: ${order.services.map((s) => s.name).join(', ')}.`);
    // Dallas, TX: Central time; 22:00 UTC on March 15, 2030 is 5:00 p.m. CDT.
    expect(mail.text).toMatch(/\nFecha límite: viernes, 15 de marzo de 2030, 5:00\sp\.\s?m\.\sCDT\./);
    expect(mail.text).toContain('Centro de recolección: elija uno cerca de usted en su pase.');
    expect(mail.text).toMatch(/Su pase: http:\/\/\S+\/pass\/[A-Za-z0-9_-]{43}\n/);
    expect(mail.text).toContain(`Código de la orden: ${order.code}. Traiga una identificación con foto y muestre este código en el centro de recolección.`);
    expect(mail.text).toContain('Este enlace es personal: no lo comparta.');
    expect(mail.text).not.toMatch(/\b(Hello|Please|Order code|Clinic|Your pass)\b/);
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain('>Abrir su pase</a>');
    expect(mail.html).toContain(`Código de la orden: <strong>${order.code}</strong>`);
  });

  it('the SMS: Spanish, the link and code whole, within 320 characters; the staging mailbox shows the same Spanish', async () => {
    const admin = await createTestUser(DEMO.tenants.acme.id, 'admin', 'all');
    const order = await createOrder(
      withParticipant({ language: 'es', firstName: 'María Guadalupe de los Ángeles' }, { deliveryMethods: [{ type: 'sms' }], settings: { expiresAt: '2030-03-15T22:00:00.000Z' } }),
    );
    const [row] = await db().select().from(messages).where(and(eq(messages.orderId, order.id), eq(messages.channel, 'sms')));
    expect(row.language).toBe('es');
    const [sms] = await sendQueued(order.id);
    expect(sms.sms.length).toBeLessThanOrEqual(320);
    expect(sms.sms).toMatch(
      new RegExp(`^Hola, María Guadalupe de los Ángeles: ${order.company!.name} le pide que complete una prueba \\(.+\\) antes del 15 mar, 5:00\\sp\\.\\s?m\\.\\sCDT\\. Pase: http://\\S+/pass/[A-Za-z0-9_-]{43} Código: ${order.code}$`),
    );
    const shown = (await listMailbox(admin.ctx, { page: 1, limit: 10_000 })).data.find((e) => e.message.id === row.id)!;
    expect(shown.content?.sms).toContain(`le pide que complete una prueba`);
    expect(shown.content?.sms).toMatch(new RegExp(`Pase: http://\\S+/pass/…[A-Za-z0-9_-]{4} Código: ${order.code}$`));
  });

  it('a reissued pass is sent in the order language too (passReissued)', async () => {
    const order = await createOrder(withParticipant({ language: 'es' }));
    const reissued = await call('POST', `/api/v2/orders/${order.id}/pass`, { token: await token(), body: {} });
    expect(reissued.status, JSON.stringify(reissued.body)).toBe(200);
    const rows = await db().select().from(messages).where(and(eq(messages.orderId, order.id), inArray(messages.template, ['passReissued'])));
    expect(rows.map((r) => r.language)).toEqual(['es']);
    const sent = await sendQueued(order.id);
    const mail = sent.find((m) => m.subject.startsWith('Su nuevo pase'))!;
    expect(mail.subject).toBe(`Su nuevo pase de ${order.company!.name} (código de la orden ${order.code})`);
    expect(mail.text).toContain('El enlace que recibió antes ya no funciona.');
  });
});

describe('the pass page in Spanish', () => {
  it('lang="es", Spanish words and deadline, a switch to English; ?lang=en answers English and remembers it in a cookie', async () => {
    const order = await createOrder(withParticipant({ language: 'es', firstName: 'Lupita' }, { settings: { observedCollection: true, expiresAt: '2030-03-15T22:00:00.000Z' } }));
    const t = await passToken(order.id);
    const es = await open(t);
    expect(es.status).toBe(200);
    expect(es.text).toContain('<html lang="es">');
    expect(es.text).toContain(`<title>Su pase para la prueba · ${order.company!.name}</title>`);
    expect(es.text).toContain('<h1>Hola, Lupita:</h1>');
    expect(es.text).toContain(`${order.company!.name} le pide que complete esta prueba:`);
    expect(es.text).toMatch(/a más tardar el <time datetime="2030-03-15T22:00:00.000Z">vie, 15 de mar, 5:00\sp\.\s?m\.\sCDT<\/time>/);
    expect(es.text).toContain('Muestre esto en el centro de recolección');
    expect(es.text).toContain(`aria-label="Código de la orden ${order.code.split('').join(' ')}"`);
    expect(es.text).toMatch(/aria-label="Código QR del código de la orden [^"]+" data-testid="pass-qr"/);
    expect(es.text).toContain('Una identificación con foto emitida por el gobierno');
    expect(es.text).toContain('<strong>Recolección observada:</strong>');
    expect(es.text).toContain('<h2 id="choose-heading">Elija un centro de recolección</h2>');
    expect(es.text).toContain('Este enlace es personal: no lo comparta.');
    expect(es.text).not.toContain('What to bring');
    expect(es.text).toContain('<a href="?lang=en" lang="en" hreflang="en" data-testid="pass-language">View in English</a>');
    expect(es.headers.get('set-cookie')).toBeNull();

    const en = await open(t, '?lang=en');
    expect(en.text).toContain('<html lang="en">');
    expect(en.text).toContain('<h1>Hi Lupita,</h1>');
    expect(en.text).toContain('What to bring');
    expect(en.text).toContain('<a href="?lang=es" lang="es" hreflang="es" data-testid="pass-language">Ver en español</a>');
    expect(en.headers.get('set-cookie')).toBe('pass_lang=en; Path=/pass; Max-Age=31536000; SameSite=Lax; HttpOnly');
    // The cookie keeps English on the next visit without the query; ?lang=es switches back.
    expect((await open(t, '', { cookie: 'pass_lang=en' })).text).toContain('<html lang="en">');
    expect((await open(t, '?lang=es', { cookie: 'pass_lang=en' })).text).toContain('<html lang="es">');
  });

  it("an English order's page offers Spanish; a bad ?lang is ignored", async () => {
    const order = await createOrder();
    const t = await passToken(order.id);
    const res = await open(t, '?lang=fr');
    expect(res.text).toContain('<html lang="en">');
    expect(res.text).toContain('data-testid="pass-language">Ver en español</a>');
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('the clinic choice lists hours and the open state of each clinic, in Spanish; the switch keeps the search', async () => {
    const order = await createOrder(withParticipant({ language: 'es' }));
    const t = await passToken(order.id);
    const res = await open(t, '?near=75201');
    const results = res.text.split('data-testid="pass-clinic-result"').slice(1);
    expect(results.length).toBeGreaterThan(0);
    expect(res.text).toMatch(/\d+ centros? de recolección cerca de 75201, del más cercano al más lejano\./);
    for (const r of results) {
      expect(r).toMatch(/<p class="muted" data-testid="pass-clinic-hours">Horario: (Solo con cita|Abierto las 24 horas, todos los días|(lun|mar|mié|jue|vie|sáb|dom)\S* \d)/);
      expect(r).toContain('>Elegir este centro</button>');
    }
    const withHours = results.filter((r) => !r.includes('Horario: Solo con cita'));
    expect(withHours.length).toBeGreaterThan(0);
    for (const r of withHours) expect(r).toMatch(/data-testid="pass-clinic-open"><span class="open-state" data-open="(true|false)">(Abierto ahora|Cerrado ahora)<\/span>/);
    expect(res.text).toContain('<a href="?near=75201&amp;lang=en" lang="en"');
    const en = await open(t, '?near=75201&lang=en');
    expect(en.text).toMatch(/<p class="muted" data-testid="pass-clinic-hours">Hours: /);
    expect(en.text).toMatch(/data-open="(true|false)">(Open now|Closed now)<\/span>/);
  });

  it('an unknown link answers 404 in the language the device chose, else English', async () => {
    const unknown = 'A'.repeat(43);
    const es = await open(unknown, '', { cookie: 'theme=dark; pass_lang=es' });
    expect(es.status).toBe(404);
    expect(es.text).toContain('<html lang="es">');
    expect(es.text).toContain('<h1>No se encontró este pase</h1>');
    const en = await open(unknown);
    expect(en.status).toBe(404);
    expect(en.text).toContain('<html lang="en">');
    expect(en.text).toContain('<h1>This pass was not found</h1>');
  });

  it('a replaced link answers 410 in the order language', async () => {
    const order = await createOrder(withParticipant({ language: 'es' }));
    const old = await passToken(order.id);
    expect((await call('POST', `/api/v2/orders/${order.id}/pass`, { token: await token(), body: {} })).status).toBe(200);
    const res = await open(old);
    expect(res.status).toBe(410);
    expect(res.text).toContain('<html lang="es">');
    expect(res.text).toContain('Este enlace fue reemplazado');
  });
});
