/**
 * What the participant reads (issue 29): the order messages (e-mail and SMS) and the pass page, in
 * English and Spanish. One catalog per language, `es` typed by `en`, so tsc refuses a key one of
 * them lacks or a sentence whose arguments differ. Dates and times are formatted for the language
 * (`Intl` with `en-US` / `es-US`) in the zone the caller gives (the location's or the clinic's).
 *
 * The Spanish is natural US Spanish addressed as usted, with the domain's own words: centro de
 * recolección (collection site: the clinic), identificación con foto, recolección observada,
 * prueba de drogas / de alcohol, código de la orden, pase (the pass), enlace (the link).
 *
 * Values (names, company, tests, clinic) are data and stay as given; the pages escape them.
 */

export const PARTICIPANT_LANGUAGES = ['en', 'es'] as const;
export type ParticipantLanguage = (typeof PARTICIPANT_LANGUAGES)[number];

export const isParticipantLanguage = (value: unknown): value is ParticipantLanguage => value === 'en' || value === 'es';

/** The language, or English for anything else (a stored value written before issue 29, a bad query). */
export const participantLanguageOr = (value: unknown, fallback: ParticipantLanguage = 'en'): ParticipantLanguage =>
  isParticipantLanguage(value) ? value : fallback;

export const otherLanguage = (language: ParticipantLanguage): ParticipantLanguage => (language === 'en' ? 'es' : 'en');

/** `a`, `a and b`, `a, b and c` (`y` in Spanish; no serial comma, as the messages always wrote it). */
const joinList = (items: readonly string[], and: string) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

type Facts = { company: string; code: string; tests: readonly string[] };

const en = {
  locale: 'en-US',
  /** The name of the language in itself (the switch offers it). */
  name: 'English',
  list: (items: readonly string[]) => joinList(items, 'and'),

  message: {
    greeting: (firstName: string | null) => (firstName ? `Hello ${firstName},` : 'Hello,'),
    orderCreated: {
      subject: (f: Facts) => `${f.company}: please complete your test (order ${f.code})`,
      opening: (f: Facts) => `${f.company} has asked you to complete the following: ${en.list(f.tests)}.`,
      sms: (f: Facts) => `${f.company} asks you to complete a test`,
    },
    reminder: {
      subject: (f: Facts) => `Reminder: your test for ${f.company} is due soon (order ${f.code})`,
      opening: (f: Facts) => `This is a reminder that ${f.company} is waiting for you to complete: ${en.list(f.tests)}.`,
      sms: (f: Facts) => `Reminder: your test for ${f.company} is due soon`,
    },
    passReissued: {
      subject: (f: Facts) => `Your new pass for ${f.company} (order ${f.code})`,
      opening: (f: Facts) => `${f.company} has sent you a new pass for: ${en.list(f.tests)}. The link you received before no longer works.`,
      sms: (f: Facts) => `New pass from ${f.company}; the old link no longer works`,
    },
    expirationExtended: {
      subject: (f: Facts) => `More time for your test for ${f.company} (order ${f.code})`,
      opening: (f: Facts) => `${f.company} has given you more time to complete: ${en.list(f.tests)}.`,
      sms: (f: Facts) => `${f.company} gave you more time for your test`,
    },
    /** Before and after the deadline (the HTML makes it bold). */
    completeBy: ['Please complete it by ', '.'] as readonly [string, string],
    clinic: 'Clinic',
    phone: 'Phone',
    chooseClinic: 'choose a clinic near you on your pass.',
    yourPass: 'Your pass',
    openYourPass: 'Open your pass',
    copyLink: 'Or copy this link:',
    /** Before and after the order code (the HTML makes it bold). */
    orderCode: ['Order code: ', '. Bring a photo ID and show this code at the clinic.'] as readonly [string, string],
    personal: 'This link is personal: do not share it.',
    sms: {
      greeting: (firstName: string) => `Hi ${firstName}, `,
      by: (deadline: string) => ` by ${deadline}`,
      at: (clinic: string) => ` at ${clinic}`,
      pass: 'Pass',
      code: 'Code',
    },
  },

  pass: {
    kicker: 'Test pass',
    title: (company: string) => `Your test pass · ${company}`,
    stateTitle: (heading: string) => `${heading} · Test pass`,
    greeting: (firstName: string | null) => (firstName ? `Hi ${firstName},` : 'Hello,'),
    asked: (company: string, count: number) => `${company} asked you to complete ${count === 1 ? 'this test' : 'these tests'}:`,
    testsLabel: 'Your tests',
    orderedBy: (company: string) => `Ordered by ${company}`,
    timeLeft: (days: number, hours: number, minutes: number) =>
      days >= 1
        ? `${plural(days, 'day', 'days')} ${plural(hours, 'hour', 'hours')} left`
        : hours >= 1
          ? `${plural(hours, 'hour', 'hours')} left`
          : `${plural(minutes, 'minute', 'minutes')} left`,
    noTimeLeft: 'no time left',
    /** Between the time left and the deadline, and after it. */
    completeBy: [' — complete your test by ', '.'] as readonly [string, string],
    showAtClinic: 'Show this at the clinic',
    codeLabel: (spelled: string) => `Order code ${spelled}`,
    qrLabel: (code: string) => `QR code of order code ${code}`,
    codeHelp: 'Order code — the clinic scans the QR code or types this code.',
    bring: 'What to bring',
    bringId: "A government-issued photo ID (driver's license, state ID or passport).",
    bringPhone: 'Your phone with this page, or the order code above.',
    observedTitle: 'Observed collection:',
    observedText: 'a same-gender observer will be present during the urine collection, as required for this test.',
    yourClinic: 'Your clinic',
    phone: 'Phone:',
    byAppointment: 'Hours: by appointment — call ahead.',
    openingHours: 'Opening hours',
    closed: 'Closed',
    days: { monday: 'Mon', tuesday: 'Tue', wednesday: 'Wed', thursday: 'Thu', friday: 'Fri', saturday: 'Sat', sunday: 'Sun' },
    map: (label: string) => `Map: ${label}`,
    directions: 'Directions',
    newTab: ' (opens a map in a new tab)',
    chooseClinic: 'Choose a clinic',
    changeClinic: 'Change clinic',
    introChange: 'You can pick another clinic until your collection starts. Only clinics offering all of your tests are shown.',
    introChoose: 'Pick a clinic near you. Only clinics offering all of your tests are shown.',
    findClinic: 'Find a clinic',
    nearLabel: 'ZIP code or City, ST',
    nearPlaceholder: '75201 or Dallas, TX',
    search: 'Search',
    useLocation: 'Use my location',
    findingLocation: 'Finding your location…',
    locationUnavailable: 'Your location is not available. Type a ZIP code or a city instead.',
    notFoundPlace: 'We could not find that place. Type a 5-digit ZIP code, or a city and state like "Dallas, TX".',
    noResults: (miles: number) => `No clinic within ${miles} miles offers all of your tests. Try another ZIP code or city.`,
    resultsCount: (count: number, near: string) => `${plural(count, 'clinic', 'clinics')} near ${near}, nearest first.`,
    yourLocation: 'your location',
    miles: (miles: string) => `${miles} mi`,
    choose: 'Choose this clinic',
    chooseLabel: (clinic: string) => `Choose ${clinic}`,
    hours: 'Hours:',
    openNow: 'Open now',
    closedNow: 'Closed now',
    openUntil: (time: string) => `until ${time}`,
    opensAt: (when: string) => `opens ${when}`,
    openAllDay: 'open 24 hours',
    aroundTheClock: 'Open 24 hours, every day',
    appointmentOnly: 'By appointment',
    midnight: 'midnight',
    notices: {
      chosen: 'Clinic saved. You can go there with this pass.',
      clinic: 'That clinic does not offer all of your tests. Please pick another one.',
      state: 'The clinic can no longer be changed for this order.',
    },
    states: {
      cancelled: { heading: 'This order was cancelled', text: 'You do not need to visit a clinic for it. If you think this is a mistake, contact the person who ordered your test.' },
      expired: { heading: 'This pass has expired', text: 'The time to complete your test is over. Contact the person who ordered your test if you still need to take it.' },
      noShow: { heading: 'This order is closed', text: 'The clinic recorded that the visit did not take place. Contact the person who ordered your test.' },
      final: { heading: 'Your tests are complete', text: 'Thank you. Nothing more is needed from you for this order; results go to the company that ordered them.' },
    },
    footer: 'This link is personal: do not share it. Questions about your test? Contact the company that ordered it.',
    /** The switch to this language, as the other language's page offers it (written in this one). */
    switchTo: 'View in English',
    languageNav: 'Language',
    pages: {
      notFound: { title: 'Pass not found', heading: 'This pass was not found', text: 'Check that you opened the whole link from your message. If it still does not work, contact the company that ordered your test.' },
      replaced: { title: 'This link was replaced', heading: 'This link was replaced', text: 'A newer link to your pass was sent to you. Open the most recent message, or ask the company that ordered your test to send it again.' },
      tooMany: { title: 'Too many requests', heading: 'Too many requests', text: (seconds: number) => `Please wait ${seconds} seconds and try again.` },
      unavailable: { title: 'Briefly unavailable', heading: 'Briefly unavailable', text: 'The service is briefly unavailable. Please try again in a minute.' },
      failed: { title: 'Something went wrong', heading: 'Something went wrong', text: (reference: string) => `Something went wrong on our side. Please try again later (reference ${reference}).` },
      tooLarge: { title: 'Request too large', heading: 'Request too large', text: 'Go back to your pass and choose the clinic again.' },
    },
  },
};

export type ParticipantCatalog = typeof en;

const es: ParticipantCatalog = {
  locale: 'es-US',
  name: 'Español',
  list: (items) => joinList(items, 'y'),

  message: {
    greeting: (firstName) => (firstName ? `Hola, ${firstName}:` : 'Hola:'),
    orderCreated: {
      subject: (f) => `${f.company}: por favor, complete su prueba (código de la orden ${f.code})`,
      opening: (f) => `${f.company} le pide que complete lo siguiente: ${es.list(f.tests)}.`,
      sms: (f) => `${f.company} le pide que complete una prueba`,
    },
    reminder: {
      subject: (f) => `Recordatorio: su prueba para ${f.company} vence pronto (código de la orden ${f.code})`,
      opening: (f) => `Le recordamos que ${f.company} está esperando que usted complete: ${es.list(f.tests)}.`,
      sms: (f) => `Recordatorio: su prueba para ${f.company} vence pronto`,
    },
    passReissued: {
      subject: (f) => `Su nuevo pase de ${f.company} (código de la orden ${f.code})`,
      opening: (f) => `${f.company} le envió un nuevo pase para: ${es.list(f.tests)}. El enlace que recibió antes ya no funciona.`,
      sms: (f) => `Nuevo pase de ${f.company}; el enlace anterior ya no funciona`,
    },
    expirationExtended: {
      subject: (f) => `${f.company} le dio más tiempo para su prueba (código de la orden ${f.code})`,
      opening: (f) => `${f.company} le dio más tiempo para completar: ${es.list(f.tests)}.`,
      sms: (f) => `${f.company} le dio más tiempo para su prueba`,
    },
    completeBy: ['Fecha límite: ', '.'],
    clinic: 'Centro de recolección',
    phone: 'Teléfono',
    chooseClinic: 'elija uno cerca de usted en su pase.',
    yourPass: 'Su pase',
    openYourPass: 'Abrir su pase',
    copyLink: 'O copie este enlace:',
    orderCode: ['Código de la orden: ', '. Traiga una identificación con foto y muestre este código en el centro de recolección.'],
    personal: 'Este enlace es personal: no lo comparta.',
    sms: {
      greeting: (firstName) => `Hola, ${firstName}: `,
      by: (deadline) => ` antes del ${deadline}`,
      at: (clinic) => ` en ${clinic}`,
      pass: 'Pase',
      code: 'Código',
    },
  },

  pass: {
    kicker: 'Pase para su prueba',
    title: (company) => `Su pase para la prueba · ${company}`,
    stateTitle: (heading) => `${heading} · Pase para su prueba`,
    greeting: (firstName) => (firstName ? `Hola, ${firstName}:` : 'Hola:'),
    asked: (company, count) => `${company} le pide que complete ${count === 1 ? 'esta prueba' : 'estas pruebas'}:`,
    testsLabel: 'Sus pruebas',
    orderedBy: (company) => `Pruebas pedidas por ${company}`,
    timeLeft: (days, hours, minutes) =>
      days >= 1
        ? `Le ${days === 1 && hours === 0 ? 'queda' : 'quedan'} ${plural(days, 'día', 'días')} y ${plural(hours, 'hora', 'horas')}`
        : hours >= 1
          ? `Le ${hours === 1 ? 'queda' : 'quedan'} ${plural(hours, 'hora', 'horas')}`
          : `Le ${minutes === 1 ? 'queda' : 'quedan'} ${plural(minutes, 'minuto', 'minutos')}`,
    noTimeLeft: 'ya no queda tiempo',
    completeBy: [': complete su prueba a más tardar el ', '.'],
    showAtClinic: 'Muestre esto en el centro de recolección',
    codeLabel: (spelled) => `Código de la orden ${spelled}`,
    qrLabel: (code) => `Código QR del código de la orden ${code}`,
    codeHelp: 'Código de la orden: en el centro de recolección escanean el código QR o escriben este código.',
    bring: 'Qué debe traer',
    bringId: 'Una identificación con foto emitida por el gobierno (licencia de conducir, identificación estatal o pasaporte).',
    bringPhone: 'Su teléfono con esta página, o el código de la orden que aparece arriba.',
    observedTitle: 'Recolección observada:',
    observedText: 'un observador del mismo sexo estará presente durante la recolección de orina, como lo exige esta prueba.',
    yourClinic: 'Su centro de recolección',
    phone: 'Teléfono:',
    byAppointment: 'Horario: solo con cita; llame antes de ir.',
    openingHours: 'Horario de atención',
    closed: 'Cerrado',
    days: { monday: 'lun', tuesday: 'mar', wednesday: 'mié', thursday: 'jue', friday: 'vie', saturday: 'sáb', sunday: 'dom' },
    map: (label) => `Mapa: ${label}`,
    directions: 'Cómo llegar',
    newTab: ' (abre un mapa en una pestaña nueva)',
    chooseClinic: 'Elija un centro de recolección',
    changeClinic: 'Cambiar de centro de recolección',
    introChange: 'Puede elegir otro centro de recolección hasta que comience su recolección. Solo se muestran los centros que ofrecen todas sus pruebas.',
    introChoose: 'Elija un centro de recolección cerca de usted. Solo se muestran los centros que ofrecen todas sus pruebas.',
    findClinic: 'Buscar un centro de recolección',
    nearLabel: 'Código postal o ciudad, estado',
    nearPlaceholder: '75201 o Dallas, TX',
    search: 'Buscar',
    useLocation: 'Usar mi ubicación',
    findingLocation: 'Buscando su ubicación…',
    locationUnavailable: 'Su ubicación no está disponible. Escriba un código postal o una ciudad.',
    notFoundPlace: 'No encontramos ese lugar. Escriba un código postal de 5 dígitos, o una ciudad y un estado, como "Dallas, TX".',
    noResults: (miles) => `Ningún centro de recolección a menos de ${miles} millas ofrece todas sus pruebas. Pruebe con otro código postal u otra ciudad.`,
    resultsCount: (count, near) =>
      `${count === 1 ? '1 centro de recolección' : `${count} centros de recolección`} cerca de ${near}, del más cercano al más lejano.`,
    yourLocation: 'su ubicación',
    miles: (miles) => `${miles} mi`,
    choose: 'Elegir este centro',
    chooseLabel: (clinic) => `Elegir ${clinic}`,
    hours: 'Horario:',
    openNow: 'Abierto ahora',
    closedNow: 'Cerrado ahora',
    openUntil: (time) => `hasta las ${time}`,
    opensAt: (when) => `abre el ${when}`,
    openAllDay: 'abierto las 24 horas',
    aroundTheClock: 'Abierto las 24 horas, todos los días',
    appointmentOnly: 'Solo con cita',
    midnight: 'medianoche',
    notices: {
      chosen: 'Centro de recolección guardado. Puede ir allí con este pase.',
      clinic: 'Ese centro de recolección no ofrece todas sus pruebas. Por favor, elija otro.',
      state: 'Ya no se puede cambiar el centro de recolección de esta orden.',
    },
    states: {
      cancelled: { heading: 'Esta orden fue cancelada', text: 'No necesita ir a un centro de recolección por esta orden. Si cree que se trata de un error, comuníquese con la persona que pidió su prueba.' },
      expired: { heading: 'Este pase venció', text: 'Se terminó el plazo para completar su prueba. Si todavía necesita hacerla, comuníquese con la persona que pidió su prueba.' },
      noShow: { heading: 'Esta orden está cerrada', text: 'El centro de recolección registró que la visita no se realizó. Comuníquese con la persona que pidió su prueba.' },
      final: { heading: 'Sus pruebas están completas', text: 'Gracias. No necesita hacer nada más para esta orden; los resultados se envían a la empresa que las pidió.' },
    },
    footer: 'Este enlace es personal: no lo comparta. ¿Tiene preguntas sobre su prueba? Comuníquese con la empresa que la pidió.',
    switchTo: 'Ver en español',
    languageNav: 'Idioma',
    pages: {
      notFound: { title: 'Pase no encontrado', heading: 'No se encontró este pase', text: 'Verifique que abrió el enlace completo de su mensaje. Si todavía no funciona, comuníquese con la empresa que pidió su prueba.' },
      replaced: { title: 'Este enlace fue reemplazado', heading: 'Este enlace fue reemplazado', text: 'Le enviamos un enlace más reciente a su pase. Abra el mensaje más reciente, o pida a la empresa que pidió su prueba que se lo envíe de nuevo.' },
      tooMany: { title: 'Demasiadas solicitudes', heading: 'Demasiadas solicitudes', text: (seconds) => `Espere ${seconds} segundos e intente de nuevo.` },
      unavailable: { title: 'No disponible por un momento', heading: 'No disponible por un momento', text: 'El servicio no está disponible por un momento. Intente de nuevo en un minuto.' },
      failed: { title: 'Algo salió mal', heading: 'Algo salió mal', text: (reference) => `Algo salió mal de nuestra parte. Intente de nuevo más tarde (referencia ${reference}).` },
      tooLarge: { title: 'Solicitud demasiado grande', heading: 'Solicitud demasiado grande', text: 'Vuelva a su pase y elija de nuevo el centro de recolección.' },
    },
  },
};

const CATALOGS: Readonly<Record<ParticipantLanguage, ParticipantCatalog>> = { en, es };

/** The participant's words in `language`. */
export const participantText = (language: ParticipantLanguage): ParticipantCatalog => CATALOGS[language];

/** One formatter per locale, zone and style: building an Intl.DateTimeFormat costs far more than using it. */
const formats = new Map<string, Intl.DateTimeFormat>();

const STYLES = {
  /** `Friday, November 27, 2026 at 5:00 PM CST` / `viernes, 27 de noviembre de 2026, 5:00 p.m. CST` (e-mail). */
  long: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  /** `Nov 27, 5:00 PM CST` / `27 nov, 5:00 p.m. CST` (SMS). */
  short: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  /** `Fri, Nov 27, 5:00 PM CST` / `vie, 27 de nov, 5:00 p.m. CST` (the pass page). */
  medium: { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  /** `Mon 8:00 AM CST` / `lun 8:00 a.m. CST` (a clinic's next opening). */
  weekdayTime: { weekday: 'short', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  /** `5:00 PM CST` / `5:00 p.m. CST` (a clinic's closing today). */
  time: { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof STYLES;

/** An instant in `timeZone`, worded for `language`. */
export function formatInstant(at: Date, timeZone: string, language: ParticipantLanguage, style: DateStyle): string {
  const key = `${language}|${timeZone}|${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(CATALOGS[language].locale, { timeZone, ...STYLES[style] });
    // Zones are the IANA names of clinics and states: a few hundred at most.
    if (formats.size < 5_000) formats.set(key, format);
  }
  return format.format(at);
}

/** A clinic's `HH:MM` (`24:00` for midnight) as the language writes a time of day: `8:00 AM`, `8:00 a.m.`. */
export function formatTimeOfDay(hhmm: string, language: ParticipantLanguage): string {
  if (hhmm === '24:00') return CATALOGS[language].pass.midnight;
  const [h, m] = hhmm.split(':').map(Number);
  const minutes = String(m).padStart(2, '0');
  const hour = ((h + 11) % 12) + 1;
  return language === 'es' ? `${hour}:${minutes} ${h < 12 ? 'a.m.' : 'p.m.'}` : `${hour}:${minutes} ${h < 12 ? 'AM' : 'PM'}`;
}
