/** Issue 29: the participant's words in English and Spanish (lib/i18n/participant.ts) and the order messages rendered in them. */
import { describe, expect, it } from 'vitest';
import { renderOrderMessage, SMS_MAX_LENGTH, type OrderFacts } from '@/lib/domain/messages/render';
import { formatInstant, formatTimeOfDay, participantText, PARTICIPANT_LANGUAGES } from '@/lib/i18n/participant';

/** Every key path of a catalog, functions as leaves. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k));
}

const TEMPLATES = ['orderCreated', 'reminder', 'passReissued', 'expirationExtended'] as const;

const facts = (over: Partial<OrderFacts> = {}): OrderFacts => ({
  code: 'K7QD2M4B',
  firstName: 'Lupita',
  company: 'Constructora del Valle',
  tests: ['Non-DOT 10-Panel Urine Drug Screen'],
  expiresAt: new Date('2030-03-15T22:00:00.000Z'),
  timeZone: 'America/Chicago',
  clinic: null,
  passUrl: 'https://orders.example.com/pass/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE',
  ...over,
});

describe('the catalogs', () => {
  it('English and Spanish have the same keys (tsc checks it too), and no Spanish sentence is the English one', () => {
    const en = participantText('en');
    const es = participantText('es');
    expect(keyPaths(es)).toEqual(keyPaths(en));
    const same = keyPaths(en).filter((path) => {
      const at = (o: unknown) => path.split('.').reduce((v: unknown, k) => (v as Record<string, unknown>)[k], o);
      return typeof at(en) === 'string' && at(en) === at(es);
    });
    expect(same).toEqual([]);
  });

  it('dates and times in the language and the zone', () => {
    const at = new Date('2030-03-15T22:00:00.000Z');
    const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');
    expect(plain(formatInstant(at, 'America/Chicago', 'en', 'long'))).toBe('Friday, March 15, 2030 at 5:00 PM CDT');
    expect(plain(formatInstant(at, 'America/Chicago', 'es', 'long'))).toBe('viernes, 15 de marzo de 2030, 5:00 p.m. CDT');
    expect(plain(formatInstant(at, 'America/Los_Angeles', 'es', 'short'))).toBe('15 mar, 3:00 p.m. PDT');
    expect(formatTimeOfDay('08:30', 'es')).toBe('8:30 a.m.');
    expect(formatTimeOfDay('17:00', 'en')).toBe('5:00 PM');
    expect(formatTimeOfDay('24:00', 'es')).toBe('medianoche');
  });

  it('Spanish time left agrees in number', () => {
    const t = participantText('es').pass;
    expect(t.timeLeft(1, 0, 0)).toBe('Le queda 1 día y 0 horas');
    expect(t.timeLeft(2, 6, 0)).toBe('Le quedan 2 días y 6 horas');
    expect(t.timeLeft(0, 1, 60)).toBe('Le queda 1 hora');
    expect(t.timeLeft(0, 0, 1)).toBe('Le queda 1 minuto');
  });
});

describe('order messages in Spanish', () => {
  it('orderCreated: greeting, opening, deadline, clinic, link and code, in Spanish words', () => {
    const m = renderOrderMessage('orderCreated', facts({ tests: ['Prueba de drogas', 'Prueba de alcohol'] }), 'es');
    expect(m.subject).toBe('Constructora del Valle: por favor, complete su prueba (código de la orden K7QD2M4B)');
    expect(m.text.replace(/[\u202f\u00a0]/g, ' ')).toBe(
      [
        'Hola, Lupita:',
        '',
        'Constructora del Valle le pide que complete lo siguiente: Prueba de drogas y Prueba de alcohol.',
        'Fecha límite: viernes, 15 de marzo de 2030, 5:00 p.m. CDT.',
        '',
        'Centro de recolección: elija uno cerca de usted en su pase.',
        '',
        `Su pase: ${facts().passUrl}`,
        'Código de la orden: K7QD2M4B. Traiga una identificación con foto y muestre este código en el centro de recolección.',
        '',
        'Este enlace es personal: no lo comparta.',
        '',
      ].join('\n'),
    );
    expect(m.sms.replace(/[\u202f\u00a0]/g, ' ')).toBe(
      `Hola, Lupita: Constructora del Valle le pide que complete una prueba (Prueba de drogas y Prueba de alcohol) antes del 15 mar, 5:00 p.m. CDT. Pase: ${facts().passUrl} Código: K7QD2M4B`,
    );
    expect(m.html).toContain('<html lang="es">');
  });

  it('a chosen clinic: its name, address and phone under Spanish labels', () => {
    const m = renderOrderMessage('reminder', facts({ clinic: { name: 'Centro Médico Oak Cliff', address: '100 Main St, Dallas, TX 75201', phone: '+12145550100' } }), 'es');
    expect(m.subject).toBe('Recordatorio: su prueba para Constructora del Valle vence pronto (código de la orden K7QD2M4B)');
    expect(m.text).toContain('Centro de recolección: Centro Médico Oak Cliff\n100 Main St, Dallas, TX 75201\nTeléfono: +12145550100\n');
    expect(m.sms).toContain(' en Centro Médico Oak Cliff antes del ');
  });

  it(`the longest realistic SMS stays within ${SMS_MAX_LENGTH} characters in both languages, with the whole link and code`, () => {
    // The longest each value may be: a company name of 200 characters (NameInput), a first name of 100
    // (ParticipantInput), a package of several services with long names, a long clinic name, a long public URL.
    const longest = facts({
      company: 'Transportes y Construcciones Hermanos Rodríguez de la Frontera Norte, Sociedad Anónima de Capital Variable, División de Logística y Carga Pesada del Sur de Texas y Nuevo México, Oklahoma, Luisiana y Arkansas Incorporated'.slice(0, 200),
      firstName: 'María Guadalupe de los Ángeles Concepción Fernández-Villavicencio y Santa Cruz de la Sierra Madre'.slice(0, 100),
      tests: ['DOT 5-Panel Urine Drug Screen with Medical Review', 'DOT Breath Alcohol Test with Confirmation', 'Non-DOT 10-Panel Hair Drug Screen (90-day lookback)', 'Blood Alcohol (Ethanol) Quantitative', 'Pre-employment Physical Examination'],
      clinic: { name: 'Concentra Urgent Care and Occupational Medicine – Dallas Love Field Airport Collection Site', address: null, phone: null },
      passUrl: `https://drug-testing-orders.staging.constructora-example.com/pass/${'A'.repeat(43)}`,
    });
    expect(longest.company).toHaveLength(200);
    for (const language of PARTICIPANT_LANGUAGES) {
      const words = participantText(language).message.sms;
      for (const template of TEMPLATES) {
        const { sms } = renderOrderMessage(template, longest, language);
        expect(sms.length, `${language} ${template}: ${sms}`).toBeLessThanOrEqual(SMS_MAX_LENGTH);
        expect(sms).toContain(`${words.pass}: ${longest.passUrl} ${words.code}: K7QD2M4B`);
        expect(sms.startsWith(words.greeting(longest.firstName!))).toBe(true);
      }
    }
  });
});
