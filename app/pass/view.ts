/**
 * The pass page's markup (DESIGN.md 6.1, "Pass page"): plain, server-rendered HTML for a phone
 * first (390 px wide), readable without JavaScript; light and dark by the device's preference. The
 * one script (with the request's CSP nonce) only fills in the device position for "Use my
 * location". Nothing is loaded from a third party: the QR code and the map are inline SVG.
 */
import { formatPhone, telHref } from '@/components/orders/format';
import type { PassClinic, PassView } from '@/lib/domain/participant/pass-page';
import { escapeHtml as esc } from '@/lib/html';
import { miniMapSvg } from './mini-map';

const DAY_NAMES: Record<string, string> = { monday: 'Mon', tuesday: 'Tue', wednesday: 'Wed', thursday: 'Thu', friday: 'Fri', saturday: 'Sat', sunday: 'Sun' };

const STYLE = `
:root{color-scheme:light dark;--bg:#f8fafc;--card:#fff;--text:#0f172a;--muted:#475569;--line:#e2e8f0;--brand:#1d4ed8;--brand-text:#fff;--ok-bg:#ecfdf5;--ok:#065f46;--warn-bg:#fffbeb;--warn:#92400e;--bad-bg:#fef2f2;--bad:#991b1b;--water:#e0f2fe;--land:#fff;--land-line:#cbd5e1;--focus:#2563eb}
@media (prefers-color-scheme:dark){:root{--bg:#020617;--card:#0f172a;--text:#f1f5f9;--muted:#cbd5e1;--line:#334155;--brand:#3b82f6;--brand-text:#fff;--ok-bg:#052e26;--ok:#6ee7b7;--warn-bg:#2b1d05;--warn:#fcd34d;--bad-bg:#2a0a0a;--bad:#fca5a5;--water:#1e293b;--land:#334155;--land-line:#64748b;--focus:#93c5fd}}
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
a{color:var(--brand)}
.btn{display:inline-flex;align-items:center;justify-content:center;min-height:2.75rem;padding:.5rem 1rem;border-radius:.75rem;border:1px solid var(--brand);background:var(--brand);color:var(--brand-text);font:600 1rem/1.2 inherit;text-decoration:none;cursor:pointer}
.btn.secondary{background:transparent;color:var(--brand)}
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
[hidden]{display:none!important}
`;

function document(args: { title: string; body: string; nonce?: string; script?: string }): string {
  return `<!DOCTYPE html>
<html lang="en">
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
export function messagePage(args: { title: string; heading: string; text: string; tone?: 'warn' | 'bad' }): string {
  return document({
    title: args.title,
    body: `<main><div class="banner ${args.tone ?? 'warn'}" role="alert"><h1>${esc(args.heading)}</h1><p>${esc(args.text)}</p></div></main>`,
  });
}

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than formatting with it. */
const deadlineFormats = new Map<string, Intl.DateTimeFormat>();

function formatInZone(date: Date, timeZone: string): string {
  let format = deadlineFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
    // Zones are the IANA names of clinics and states: a few hundred at most.
    if (deadlineFormats.size < 1_000) deadlineFormats.set(timeZone, format);
  }
  return format.format(date);
}

function timeLeft(expiresAt: Date, now: Date): string {
  const ms = expiresAt.getTime() - now.getTime();
  if (ms <= 0) return 'no time left';
  const hours = Math.floor(ms / 3_600_000);
  const days = Math.floor(hours / 24);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (days >= 1) return `${plural(days, 'day')} ${plural(hours % 24, 'hour')} left`;
  if (hours >= 1) return `${plural(hours, 'hour')} left`;
  return `${plural(Math.max(1, Math.floor(ms / 60_000)), 'minute')} left`;
}

const time12 = (hhmm: string) => {
  if (hhmm === '24:00') return 'midnight';
  const [h, m] = hhmm.split(':').map(Number);
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

function hoursTable(clinic: PassClinic): string {
  if (!clinic.hours.length) return '<p class="muted">Hours: by appointment — call ahead.</p>';
  const rows = Object.keys(DAY_NAMES)
    .map((day) => {
      const spans = clinic.hours.filter((h) => h.day === day).map((h) => `${time12(h.opens)}–${time12(h.closes)}`);
      return `<tr><th scope="row">${DAY_NAMES[day]}</th><td>${spans.length ? esc(spans.join(', ')) : 'Closed'}</td></tr>`;
    })
    .join('');
  return `<table class="hours"><caption class="muted" style="text-align:left">Opening hours${clinic.timeZone ? ` (${esc(clinic.timeZone.replace(/_/g, ' '))})` : ''}</caption><tbody>${rows}</tbody></table>`;
}

const addressLines = (c: PassClinic) => [c.line1, c.line2, [c.city, [c.state, c.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter(Boolean) as string[];

const directionsHref = (c: PassClinic) =>
  c.lat != null && c.long != null
    ? `https://www.google.com/maps/dir/?api=1&destination=${c.lat},${c.long}`
    : `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(addressLines(c).join(', '))}`;

function clinicCard(clinic: PassClinic): string {
  const address = addressLines(clinic);
  return `<section class="card" aria-labelledby="clinic-heading" data-testid="pass-clinic">
<h2 id="clinic-heading">Your clinic</h2>
<p><strong>${esc(clinic.name)}</strong></p>
<address style="font-style:normal">${address.map(esc).join('<br>')}</address>
${clinic.phone ? `<p>Phone: <a href="${esc(telHref(clinic.phone))}">${esc(formatPhone(clinic.phone))}</a></p>` : ''}
${hoursTable(clinic)}
${clinic.lat != null && clinic.long != null ? miniMapSvg(clinic.lat, clinic.long, `${clinic.name}, ${address.join(', ')}`) : ''}
<a class="btn block" href="${esc(directionsHref(clinic))}" rel="noreferrer noopener" target="_blank">Directions<span class="visually-hidden" style="position:absolute;left:-9999px"> (opens a map in a new tab)</span></a>
</section>`;
}

export interface ClinicSearch {
  near: string;
  /** The search was by the device's position. */
  byPosition: boolean;
  results: PassClinic[] | null;
  error: string | null;
}

function clinicChooser(token: string, view: PassView, search: ClinicSearch): string {
  const results =
    search.results === null
      ? ''
      : search.results.length === 0
        ? `<p role="status">No clinic within 50 miles offers all of your tests. Try another ZIP code or city.</p>`
        : `<p role="status" class="muted">${search.results.length} clinic${search.results.length === 1 ? '' : 's'} near ${search.byPosition ? 'your location' : esc(search.near)}, nearest first.</p>
<ol class="results" data-testid="pass-clinic-results">${search.results
            .map(
              (c) => `<li data-testid="pass-clinic-result"><h3>${esc(c.name)}</h3>
<p class="muted">${addressLines(c).map(esc).join(', ')}${c.miles !== undefined ? ` · ${c.miles.toFixed(1)} mi` : ''}</p>
<form method="post" action="/pass/${esc(token)}/clinic"><input type="hidden" name="clinicId" value="${esc(c.id)}">
<button class="btn secondary" type="submit" aria-label="Choose ${esc(c.name)}">Choose this clinic</button></form></li>`,
            )
            .join('')}</ol>`;
  const form = `<form method="get" action="/pass/${esc(token)}" id="clinic-search" role="search" aria-label="Find a clinic">
<label for="near">ZIP code or City, ST</label>
<div class="row"><input type="text" id="near" name="near" value="${esc(search.byPosition ? '' : search.near)}" autocomplete="postal-code" inputmode="text" placeholder="75201 or Dallas, TX"${search.error ? ' aria-invalid="true" aria-describedby="near-error"' : ''}>
<input type="hidden" name="lat" value=""><input type="hidden" name="long" value="">
<button class="btn" type="submit">Search</button></div>
${search.error ? `<p id="near-error" role="alert" style="color:var(--bad)">${esc(search.error)}</p>` : ''}
<p><button class="btn secondary block" type="button" id="use-location" hidden>Use my location</button></p>
<p id="location-status" role="status" class="muted"></p>
</form>${results}`;
  const intro = view.clinic
    ? 'You can pick another clinic until your collection starts. Only clinics offering all of your tests are shown.'
    : 'Pick a clinic near you. Only clinics offering all of your tests are shown.';
  if (view.clinic)
    return `<section class="card" aria-labelledby="choose-heading"><details${search.results !== null || search.error ? ' open' : ''}><summary id="choose-heading">Change clinic</summary><p class="muted">${intro}</p>${form}</details></section>`;
  return `<section class="card" aria-labelledby="choose-heading"><h2 id="choose-heading">Choose a clinic</h2><p class="muted">${intro}</p>${form}</section>`;
}

const LOCATION_SCRIPT = `(function(){var b=document.getElementById('use-location');if(!b||!navigator.geolocation)return;b.hidden=false;var s=document.getElementById('location-status');var f=document.getElementById('clinic-search');
b.addEventListener('click',function(){s.textContent='Finding your location…';navigator.geolocation.getCurrentPosition(function(p){f.elements.lat.value=p.coords.latitude.toFixed(4);f.elements.long.value=p.coords.longitude.toFixed(4);f.elements.near.value='';f.submit();},function(){s.textContent='Your location is not available. Type a ZIP code or a city instead.';},{timeout:10000,maximumAge:600000});});})();`;

const STATE_BANNERS: Record<Exclude<PassView['state'], 'live'>, { tone: 'warn' | 'bad' | 'ok'; heading: string; text: string }> = {
  cancelled: { tone: 'bad', heading: 'This order was cancelled', text: 'You do not need to visit a clinic for it. If you think this is a mistake, contact the person who ordered your test.' },
  expired: { tone: 'warn', heading: 'This pass has expired', text: 'The time to complete your test is over. Contact the person who ordered your test if you still need to take it.' },
  noShow: { tone: 'warn', heading: 'This order is closed', text: 'The clinic recorded that the visit did not take place. Contact the person who ordered your test.' },
  final: { tone: 'ok', heading: 'Your tests are complete', text: 'Thank you. Nothing more is needed from you for this order; results go to the company that ordered them.' },
};

export function passPage(args: { token: string; view: PassView; qrSvg: string | null; search: ClinicSearch; notice: string | null; noticeTone?: 'ok' | 'bad'; nonce?: string; now?: Date }): string {
  const { view, token } = args;
  const now = args.now ?? new Date();
  const head = `<header class="top"><span>Test pass</span><strong>${esc(view.company)}</strong></header>`;
  const greeting = `<h1>${view.firstName ? `Hi ${esc(view.firstName)},` : 'Hello,'}</h1>`;
  const tests = `<ul class="tests" aria-label="Your tests">${view.tests.map((t) => `<li>${esc(t)}</li>`).join('')}</ul>`;
  if (view.state !== 'live') {
    const b = STATE_BANNERS[view.state];
    return document({
      title: `${b.heading} · Test pass`,
      body: `${head}<main>${greeting}<div class="banner ${b.tone}" role="status" data-testid="pass-state" data-state="${view.state}"><h2>${esc(b.heading)}</h2><p>${esc(b.text)}</p></div>
<section class="card"><h2>Ordered by ${esc(view.company)}</h2>${tests}</section></main>${footer()}`,
    });
  }
  const notice = args.notice ? `<div class="banner ${args.noticeTone ?? 'ok'}" role="status" data-testid="pass-notice">${esc(args.notice)}</div>` : '';
  const expiry = view.expiresAt
    ? `<p><strong data-testid="pass-time-left">${esc(timeLeft(view.expiresAt, now))}</strong> — complete your test by <time datetime="${view.expiresAt.toISOString()}">${esc(formatInZone(view.expiresAt, view.timeZone))}</time>.</p>`
    : '';
  const body = `${head}<main>
${notice}
${greeting}
<p>${esc(view.company)} asked you to complete ${view.tests.length === 1 ? 'this test' : 'these tests'}:</p>
${tests}
${expiry}
<section class="card code-card" aria-labelledby="code-heading">
<h2 id="code-heading">Show this at the clinic</h2>
${args.qrSvg ?? ''}
<p class="code" data-testid="pass-code" aria-label="Order code ${esc(view.code.split('').join(' '))}">${esc(view.code)}</p>
<p class="muted">Order code — the clinic scans the QR code or types this code.</p>
</section>
<section class="card" aria-labelledby="bring-heading">
<h2 id="bring-heading">What to bring</h2>
<ul><li>A government-issued photo ID (driver's license, state ID or passport).</li><li>Your phone with this page, or the order code above.</li></ul>
${view.observedCollection ? '<p data-testid="pass-observed"><strong>Observed collection:</strong> a same-gender observer will be present during the urine collection, as required for this test.</p>' : ''}
</section>
${view.clinic ? clinicCard(view.clinic) : ''}
${view.canChooseClinic ? clinicChooser(token, view, args.search) : ''}
</main>${footer()}`;
  return document({ title: `Your test pass · ${view.company}`, body, nonce: args.nonce, script: view.canChooseClinic ? LOCATION_SCRIPT : undefined });
}

const footer = () => `<footer><p>This link is personal: do not share it. Questions about your test? Contact the company that ordered it.</p></footer>`;
