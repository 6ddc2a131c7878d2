/**
 * The pass page's markup (DESIGN.md 6.1, "Pass page"): plain, server-rendered HTML for a phone
 * first (390 px wide), readable without JavaScript; light and dark by the device's preference. The
 * one script (with the request's CSP nonce) only fills in the device position for "Use my
 * location". Nothing is loaded from a third party: the QR code and the map are inline SVG.
 *
 * Every word is the participant's language (issue 29, lib/i18n/participant.ts): `<html lang>`, the
 * dates and times (`Intl`, in the clinic's or the location's zone), and a link to the other language.
 */
import { formatPhone, telHref } from '@/components/orders/format';
import { DAYS } from '@/lib/domain/contract/clinic-hours';
import { PASS_SEARCH_RADIUS_MILES, type PassClinic, type PassView } from '@/lib/domain/participant/pass-page';
import { escapeHtml as esc } from '@/lib/html';
import { formatInstant, formatTimeOfDay, otherLanguage, participantText, type ParticipantLanguage } from '@/lib/i18n/participant';
import { miniMapSvg } from './mini-map';

const STYLE = `
:root{color-scheme:light dark;--bg:#f8fafc;--card:#fff;--text:#0f172a;--muted:#475569;--line:#e2e8f0;--brand:#1d4ed8;--brand-text:#fff;--accent:#1d4ed8;--ok-bg:#ecfdf5;--ok:#065f46;--warn-bg:#fffbeb;--warn:#92400e;--bad-bg:#fef2f2;--bad:#991b1b;--water:#e0f2fe;--land:#fff;--land-line:#cbd5e1;--focus:#2563eb}
@media (prefers-color-scheme:dark){:root{--bg:#020617;--card:#0f172a;--text:#f1f5f9;--muted:#cbd5e1;--line:#334155;--brand:#2563eb;--brand-text:#fff;--accent:#93c5fd;--ok-bg:#052e26;--ok:#6ee7b7;--warn-bg:#2b1d05;--warn:#fcd34d;--bad-bg:#2a0a0a;--bad:#fca5a5;--water:#1e293b;--land:#334155;--land-line:#64748b;--focus:#93c5fd}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;-webkit-text-size-adjust:100%}
.wrap{max-width:30rem;margin:0 auto;padding:1rem}
header.top{display:flex;justify-content:space-between;align-items:baseline;gap:.5rem;padding:.25rem 0 .75rem;color:var(--muted);font-size:.875rem}
header.top strong{color:var(--text)}
h1{font-size:1.5rem;line-height:1.25;margin:.25rem 0 .5rem}
h2{font-size:1.125rem;margin:0 0 .5rem}
p{margin:.25rem 0 .5rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:1rem;padding:1rem;margin:0 0 1rem}
.muted{color:var(--muted)}
.code-card{text-align:center}
.qr{display:block;width:min(15rem,70vw);height:auto;margin:.25rem auto;background:#fff;border-radius:.5rem;padding:.5rem}
.code{font:700 1.75rem/1.2 ui-monospace,SFMono-Regular,Menlo,monospace;letter-spacing:.12em;margin:.25rem 0}
ul.tests{margin:.25rem 0 .5rem;padding-left:1.25rem}
.banner{border-radius:1rem;padding:1rem;margin:0 0 1rem;border:1px solid var(--line)}
.banner.ok{background:var(--ok-bg);color:var(--ok)}.banner.warn{background:var(--warn-bg);color:var(--warn)}.banner.bad{background:var(--bad-bg);color:var(--bad)}
.banner h1,.banner h2{color:inherit}
dl.facts{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem;margin:.5rem 0}
dl.facts dt{color:var(--muted)}dl.facts dd{margin:0}
table.hours{border-collapse:collapse;margin:.25rem 0 .5rem}table.hours th{text-align:left;font-weight:600;padding:.125rem 1rem .125rem 0}table.hours td{padding:.125rem 0}
a{color:var(--accent)}
.btn{display:inline-flex;align-items:center;justify-content:center;min-height:2.75rem;padding:.5rem 1rem;border-radius:.75rem;border:1px solid var(--brand);background:var(--brand);color:var(--brand-text);font:inherit;font-weight:600;font-size:1rem;line-height:1.2;text-decoration:none;cursor:pointer}
.btn.secondary{background:transparent;color:var(--accent);border-color:var(--accent)}
.btn.block{width:100%}
.row{display:flex;gap:.5rem;flex-wrap:wrap}.row>*{flex:1 1 auto}
label{display:block;font-weight:600;margin:0 0 .25rem}
input[type=text]{width:100%;min-height:2.75rem;padding:.5rem .75rem;border:1px solid var(--muted);border-radius:.75rem;background:var(--card);color:var(--text);font:inherit}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
ol.results{list-style:none;margin:.5rem 0 0;padding:0}
ol.results li{border-top:1px solid var(--line);padding:.75rem 0}
ol.results h3{font-size:1rem;margin:0}
.map{display:block;width:100%;height:auto;border-radius:.75rem;border:1px solid var(--line);margin:.5rem 0}
.map-water{fill:var(--water)}.map-land{fill:var(--land);stroke:var(--land-line)}.map-halo{fill:rgba(37,99,235,.18)}.map-town{fill:var(--muted)}.map-label{fill:var(--muted);font:600 11px system-ui,sans-serif}.map-pin{fill:#1d4ed8}
details summary{cursor:pointer;font-weight:600;min-height:2.75rem;display:flex;align-items:center}
footer{color:var(--muted);font-size:.875rem;padding:.5rem 0 2rem}
nav.lang{font-size:.875rem}nav.lang a{display:inline-block;min-height:2.75rem;padding:.75rem 0;font-weight:600}
.open-state{font-weight:600;color:var(--muted)}.open-state[data-open="true"]{color:var(--ok)}
[hidden]{display:none!important}
`;

function document(args: { title: string; body: string; language: ParticipantLanguage; nonce?: string; script?: string }): string {
  return `<!DOCTYPE html>
<html lang="${args.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="same-origin">
<title>${esc(args.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="wrap">${args.body}</div>
${args.script && args.nonce ? `<script nonce="${esc(args.nonce)}">${args.script}</script>` : ''}
</body>
</html>`;
}

/** A page that only says something: unknown link (404), replaced link (410), too many requests (429). */
export function messagePage(args: { title: string; heading: string; text: string; tone?: 'warn' | 'bad'; language?: ParticipantLanguage }): string {
  return document({
    title: args.title,
    language: args.language ?? 'en',
    body: `<main><div class="banner ${args.tone ?? 'warn'}" role="alert"><h1>${esc(args.heading)}</h1><p>${esc(args.text)}</p></div></main>`,
  });
}

function timeLeft(expiresAt: Date, now: Date, language: ParticipantLanguage): string {
  const t = participantText(language).pass;
  const ms = expiresAt.getTime() - now.getTime();
  if (ms <= 0) return t.noTimeLeft;
  const hours = Math.floor(ms / 3_600_000);
  return t.timeLeft(Math.floor(hours / 24), hours % 24, Math.max(1, Math.floor(ms / 60_000)));
}

const span = (opens: string, closes: string, language: ParticipantLanguage) => `${formatTimeOfDay(opens, language)}–${formatTimeOfDay(closes, language)}`;

function hoursTable(clinic: PassClinic, language: ParticipantLanguage): string {
  const t = participantText(language).pass;
  if (!clinic.hours.length) return `<p class="muted">${esc(t.byAppointment)}</p>`;
  const rows = DAYS.map((day) => {
    const spans = clinic.hours.filter((h) => h.day === day).map((h) => span(h.opens, h.closes, language));
    return `<tr><th scope="row">${esc(t.days[day])}</th><td>${spans.length ? esc(spans.join(', ')) : esc(t.closed)}</td></tr>`;
  }).join('');
  return `<table class="hours"><caption class="muted" style="text-align:left">${esc(t.openingHours)}${clinic.timeZone ? ` (${esc(clinic.timeZone.replace(/_/g, ' '))})` : ''}</caption><tbody>${rows}</tbody></table>`;
}

/** `Mon–Fri 8:00 AM–5:00 PM · Sat 9:00 AM–1:00 PM`: consecutive days with the same hours together (a result's one line). */
function weeklyHoursText(clinic: PassClinic, language: ParticipantLanguage): string {
  const t = participantText(language).pass;
  if (!clinic.hours.length) return t.appointmentOnly;
  if (DAYS.every((d) => clinic.hours.some((h) => h.day === d && h.opens === '00:00' && h.closes === '24:00'))) return t.aroundTheClock;
  const groups: Array<{ from: (typeof DAYS)[number]; to: (typeof DAYS)[number]; text: string }> = [];
  for (const day of DAYS) {
    const text = clinic.hours.filter((h) => h.day === day).map((h) => span(h.opens, h.closes, language)).join(', ');
    const last = groups.at(-1);
    if (last && last.text === text) last.to = day;
    else groups.push({ from: day, to: day, text });
  }
  return groups
    .filter((g) => g.text !== '')
    .map((g) => `${t.days[g.from]}${g.from === g.to ? '' : `–${t.days[g.to]}`} ${g.text}`)
    .join(' · ');
}

/**
 * Open or closed now, as the clinic search computed it (`openStatus`: the one opening rule,
 * lib/domain/clinics/hours.ts), worded in the clinic's zone: `Open now · until 5:00 PM CST`,
 * `Closed now · opens Mon 8:00 AM CST`; nothing for a clinic by appointment or of unknown zone.
 */
function openStateLine(clinic: PassClinic, language: ParticipantLanguage): string {
  const status = clinic.openStatus;
  if (!status || !clinic.timeZone) return '';
  const t = participantText(language).pass;
  const zone = clinic.timeZone;
  let detail: string | null;
  if (status.isOpen) detail = status.closesAt ? t.openUntil(formatInstant(new Date(status.closesAt), zone, language, 'time')) : t.openAllDay;
  else detail = status.opensAt ? t.opensAt(formatInstant(new Date(status.opensAt), zone, language, 'weekdayTime')) : null;
  if (!status.isOpen && !detail) return '';
  return `<p data-testid="pass-clinic-open"><span class="open-state" data-open="${status.isOpen}">${esc(status.isOpen ? t.openNow : t.closedNow)}</span>${detail ? ` · ${esc(detail)}` : ''}</p>`;
}

const addressLines = (c: PassClinic) => [c.line1, c.line2, [c.city, [c.state, c.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter(Boolean) as string[];

const directionsHref = (c: PassClinic) =>
  c.lat != null && c.long != null
    ? `https://www.google.com/maps/dir/?api=1&destination=${c.lat},${c.long}`
    : `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(addressLines(c).join(', '))}`;

function clinicCard(clinic: PassClinic, language: ParticipantLanguage): string {
  const t = participantText(language).pass;
  const address = addressLines(clinic);
  return `<section class="card" aria-labelledby="clinic-heading" data-testid="pass-clinic">
<h2 id="clinic-heading">${esc(t.yourClinic)}</h2>
<p><strong>${esc(clinic.name)}</strong></p>
<address style="font-style:normal">${address.map(esc).join('<br>')}</address>
${clinic.phone ? `<p>${esc(t.phone)} <a href="${esc(telHref(clinic.phone))}">${esc(formatPhone(clinic.phone))}</a></p>` : ''}
${openStateLine(clinic, language)}
${hoursTable(clinic, language)}
${clinic.lat != null && clinic.long != null ? miniMapSvg(clinic.lat, clinic.long, `${clinic.name}, ${address.join(', ')}`, language) : ''}
<a class="btn block" href="${esc(directionsHref(clinic))}" rel="noreferrer noopener" target="_blank">${esc(t.directions)}<span class="visually-hidden" style="position:absolute;left:-9999px">${esc(t.newTab)}</span></a>
</section>`;
}

export interface ClinicSearch {
  near: string;
  /** The search was by the device's position. */
  byPosition: boolean;
  results: PassClinic[] | null;
  /** What went wrong, as a key of the catalog: the place was not found. */
  error: 'notFoundPlace' | null;
}

function clinicChooser(token: string, view: PassView, search: ClinicSearch, language: ParticipantLanguage): string {
  const t = participantText(language).pass;
  const miles = (n: number) => n.toLocaleString(participantText(language).locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const results =
    search.results === null
      ? ''
      : search.results.length === 0
        ? `<p role="status">${esc(t.noResults(PASS_SEARCH_RADIUS_MILES))}</p>`
        : `<p role="status" class="muted">${esc(t.resultsCount(search.results.length, search.byPosition ? t.yourLocation : search.near))}</p>
<ol class="results" data-testid="pass-clinic-results">${search.results
            .map(
              (c) => `<li data-testid="pass-clinic-result"><h3>${esc(c.name)}</h3>
<p class="muted">${addressLines(c).map(esc).join(', ')}${c.miles !== undefined ? ` · ${esc(t.miles(miles(c.miles)))}` : ''}</p>
${openStateLine(c, language)}
<p class="muted" data-testid="pass-clinic-hours">${esc(t.hours)} ${esc(weeklyHoursText(c, language))}</p>
<form method="post" action="/pass/${esc(token)}/clinic"><input type="hidden" name="clinicId" value="${esc(c.id)}">
<button class="btn secondary" type="submit" aria-label="${esc(t.chooseLabel(c.name))}">${esc(t.choose)}</button></form></li>`,
            )
            .join('')}</ol>`;
  const error = search.error ? t[search.error] : null;
  const form = `<form method="get" action="/pass/${esc(token)}" id="clinic-search" role="search" aria-label="${esc(t.findClinic)}">
<label for="near">${esc(t.nearLabel)}</label>
<div class="row"><input type="text" id="near" name="near" value="${esc(search.byPosition ? '' : search.near)}" autocomplete="postal-code" inputmode="text" placeholder="${esc(t.nearPlaceholder)}"${error ? ' aria-invalid="true" aria-describedby="near-error"' : ''}>
<input type="hidden" name="lat" value=""><input type="hidden" name="long" value="">
<button class="btn" type="submit">${esc(t.search)}</button></div>
${error ? `<p id="near-error" role="alert" style="color:var(--bad)">${esc(error)}</p>` : ''}
<p><button class="btn secondary block" type="button" id="use-location" hidden>${esc(t.useLocation)}</button></p>
<p id="location-status" role="status" class="muted"></p>
</form>${results}`;
  const intro = view.clinic ? t.introChange : t.introChoose;
  if (view.clinic)
    return `<section class="card" aria-labelledby="choose-heading"><details${search.results !== null || search.error ? ' open' : ''}><summary id="choose-heading">${esc(t.changeClinic)}</summary><p class="muted">${esc(intro)}</p>${form}</details></section>`;
  return `<section class="card" aria-labelledby="choose-heading"><h2 id="choose-heading">${esc(t.chooseClinic)}</h2><p class="muted">${esc(intro)}</p>${form}</section>`;
}

/** The one script: the device position for "Use my location"; its two sentences in the page's language (JSON, so quotes are safe). */
const locationScript = (language: ParticipantLanguage) => {
  const t = participantText(language).pass;
  const text = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');
  return `(function(){var b=document.getElementById('use-location');if(!b||!navigator.geolocation)return;b.hidden=false;var s=document.getElementById('location-status');var f=document.getElementById('clinic-search');
b.addEventListener('click',function(){s.textContent=${text(t.findingLocation)};navigator.geolocation.getCurrentPosition(function(p){f.elements.lat.value=p.coords.latitude.toFixed(4);f.elements.long.value=p.coords.longitude.toFixed(4);f.elements.near.value='';f.submit();},function(){s.textContent=${text(t.locationUnavailable)};},{timeout:10000,maximumAge:600000});});})();`;
};

const STATE_TONES: Record<Exclude<PassView['state'], 'live'>, 'warn' | 'bad' | 'ok'> = { cancelled: 'bad', expired: 'warn', noShow: 'warn', final: 'ok' };

/** The link to the page in the other language (`?lang=`, which the route also remembers in a cookie). */
function languageSwitch(language: ParticipantLanguage, href: string): string {
  const other = otherLanguage(language);
  return `<nav class="lang" aria-label="${esc(participantText(language).pass.languageNav)}"><a href="${esc(href)}" lang="${other}" hreflang="${other}" data-testid="pass-language">${esc(participantText(other).pass.switchTo)}</a></nav>`;
}

export function passPage(args: {
  token: string;
  view: PassView;
  qrSvg: string | null;
  search: ClinicSearch;
  notice: string | null;
  noticeTone?: 'ok' | 'bad';
  nonce?: string;
  now?: Date;
  /** The page's language: the participant's switch, else the order's. */
  language?: ParticipantLanguage;
  /** Where the switch to the other language goes; `?lang=<other>` by default. */
  switchHref?: string;
}): string {
  const { view, token } = args;
  const language = args.language ?? view.language;
  const t = participantText(language).pass;
  const now = args.now ?? new Date();
  const head = `<header class="top"><span>${esc(t.kicker)}</span><strong>${esc(view.company)}</strong></header>${languageSwitch(language, args.switchHref ?? `?lang=${otherLanguage(language)}`)}`;
  const greeting = `<h1>${esc(t.greeting(view.firstName))}</h1>`;
  const tests = `<ul class="tests" aria-label="${esc(t.testsLabel)}">${view.tests.map((test) => `<li>${esc(test)}</li>`).join('')}</ul>`;
  if (view.state !== 'live') {
    const b = t.states[view.state];
    return document({
      title: t.stateTitle(b.heading),
      language,
      body: `${head}<main>${greeting}<div class="banner ${STATE_TONES[view.state]}" role="status" data-testid="pass-state" data-state="${view.state}"><h2>${esc(b.heading)}</h2><p>${esc(b.text)}</p></div>
<section class="card"><h2>${esc(t.orderedBy(view.company))}</h2>${tests}</section></main>${footer(language)}`,
    });
  }
  const notice = args.notice ? `<div class="banner ${args.noticeTone ?? 'ok'}" role="status" data-testid="pass-notice">${esc(args.notice)}</div>` : '';
  const expiry = view.expiresAt
    ? `<p><strong data-testid="pass-time-left">${esc(timeLeft(view.expiresAt, now, language))}</strong>${esc(t.completeBy[0])}<time datetime="${view.expiresAt.toISOString()}">${esc(formatInstant(view.expiresAt, view.timeZone, language, 'medium'))}</time>${esc(t.completeBy[1])}</p>`
    : '';
  const body = `${head}<main>
${notice}
${greeting}
<p>${esc(t.asked(view.company, view.tests.length))}</p>
${tests}
${expiry}
<section class="card code-card" aria-labelledby="code-heading">
<h2 id="code-heading">${esc(t.showAtClinic)}</h2>
${args.qrSvg ?? ''}
<p class="code" data-testid="pass-code" aria-label="${esc(t.codeLabel(view.code.split('').join(' ')))}">${esc(view.code)}</p>
<p class="muted">${esc(t.codeHelp)}</p>
</section>
<section class="card" aria-labelledby="bring-heading">
<h2 id="bring-heading">${esc(t.bring)}</h2>
<ul><li>${esc(t.bringId)}</li><li>${esc(t.bringPhone)}</li></ul>
${view.observedCollection ? `<p data-testid="pass-observed"><strong>${esc(t.observedTitle)}</strong> ${esc(t.observedText)}</p>` : ''}
</section>
${view.clinic ? clinicCard(view.clinic, language) : ''}
${view.canChooseClinic ? clinicChooser(token, view, args.search, language) : ''}
</main>${footer(language)}`;
  return document({ title: t.title(view.company), language, body, nonce: args.nonce, script: view.canChooseClinic ? locationScript(language) : undefined });
}

const footer = (language: ParticipantLanguage) => `<footer><p>${esc(participantText(language).pass.footer)}</p></footer>`;
