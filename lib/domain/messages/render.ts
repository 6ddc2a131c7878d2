/**
 * The content of a message (DESIGN.md 6.1 "Content"), rendered when it is sent (and when the staging
 * mailbox shows it) from its template, its order and its `data`: the outbox stores no link token in
 * clear. An order message names the participant's first name, the company, the tests (service
 * names), the deadline in the location's time zone, the clinic or "choose a clinic", the pass link
 * and the order code. Never identifiers (they are not even read) and never results (service
 * statuses are not read either). E-mail as plain text and HTML (every value escaped); SMS within
 * 320 characters.
 *
 * The pass link is the one of `data.passId`; when that pass was revoked meanwhile (a reissue between
 * queueing and sending), the order's current pass, so nobody is sent a dead link.
 *
 * `masked` renders for someone other than the recipient (the staging mailbox): each one-time link
 * (pass, invitation) shows its path with the token cut to its last 4 characters, so the reader can
 * tell links apart but cannot use one.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { namedStatement } from '@/lib/db/prepared';
import { clinics, companies, locations, orderPasses, orderServices, orders, tenants, userInvitations, users } from '@/lib/db/schema';
import { publicUrl } from '@/lib/config/public-url';
import { openSecret } from '@/lib/secrets';
import { escapeHtml } from '@/lib/html';
import type { MessageTemplate } from '@/lib/domain/outbox/message-queue';
import { participantLanguageOr, participantText, type ParticipantLanguage } from '@/lib/i18n/participant';
import { formatDeadline, timeZoneOfState } from './time-zones';

export const SMS_MAX_LENGTH = 320;

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
  sms: string;
}

/** The columns of a `messages` row the renderer reads. */
export interface MessageToRender {
  tenantId: string;
  orderId: string | null;
  invitationId: string | null;
  template: string;
  data: Record<string, unknown>;
  /** `messages.language`: an order message is worded in it (lib/i18n/participant.ts); English when absent. */
  language?: string | null;
}

/** The message cannot be rendered (its order, pass or invitation is gone): a permanent failure. */
export class RenderError extends Error {
  constructor(readonly code: 'orderMissing' | 'passMissing' | 'invitationMissing' | 'unknownTemplate', message: string) {
    super(message);
    this.name = 'RenderError';
  }
}

export interface RenderOptions {
  /** One-time links masked: for a reader who is not the recipient (see the head of this file). */
  masked?: boolean;
}

/** The link to a one-time page (`pass`, `invite`), or its masked form: `…` and the token's last 4 characters. */
export function oneTimeLink(page: 'pass' | 'invite' | 'unlock' | 'reset-password', token: string, options: RenderOptions = {}): string {
  return `${publicUrl()}/${page}/${options.masked ? `…${token.slice(-4)}` : encodeURIComponent(token)}`;
}

export async function renderMessage(db: Db, message: MessageToRender, options: RenderOptions = {}): Promise<RenderedMessage> {
  const template = message.template as MessageTemplate;
  if (template === 'userInvitation') return renderInvitation(db, message, options);
  if (template === 'signInUnlock') return renderSignInUnlock(message, options);
  if (template === 'passwordReset') return renderPasswordReset(db, message, options);
  if (template === 'webhookEndpointDisabled') return renderWebhookEndpointDisabled(message);
  if (!ORDER_TEMPLATES.includes(template as OrderTemplate)) throw new RenderError('unknownTemplate', `Unknown message template ${message.template}`);
  return renderOrderMessage(template as OrderTemplate, await orderFacts(db, message, options), participantLanguageOr(message.language));
}

// ---------------------------------------------------------------------------------------------
// Order messages
// ---------------------------------------------------------------------------------------------

const ORDER_TEMPLATES = ['orderCreated', 'reminder', 'passReissued', 'expirationExtended'] as const;
type OrderTemplate = (typeof ORDER_TEMPLATES)[number];

/** What an order message says: nothing else of the order is read. */
export interface OrderFacts {
  code: string;
  firstName: string | null;
  company: string;
  tests: string[];
  expiresAt: Date | null;
  timeZone: string;
  clinic: { name: string; address: string | null; phone: string | null } | null;
  passUrl: string;
}

/**
 * Everything an order message says, in one statement prepared once (the worker renders every
 * message it sends): the order, company, location state, chosen clinic, tests in order, and the
 * sealed token of the pass the message names if still live, else the order's live pass.
 */
const orderFactsRow = namedStatement<{
  facts: {
    code: string;
    firstName: string | null;
    expiresAt: string | null;
    company: string;
    state: string | null;
    clinic: { name: string; line1: string | null; city: string | null; state: string | null; postalCode: string | null; phone: string | null } | null;
    tests: string[];
    passToken: string | null;
  };
}>(
  'message_order_facts',
  () => sql`select json_build_object(
      'code', ${orders.code}, 'firstName', ${orders.firstName}, 'expiresAt', ${orders.expiresAt}, 'company', ${companies.name}, 'state', ${locations.state},
      'clinic', case when ${clinics.id} is null then null else json_build_object('name', ${clinics.name}, 'line1', ${clinics.line1},
        'city', ${clinics.city}, 'state', ${clinics.state}, 'postalCode', ${clinics.postalCode}, 'phone', ${clinics.phone}) end,
      'tests', (select coalesce(json_agg(${orderServices.name} order by ${orderServices.position}), '[]'::json)
        from ${orderServices} where ${orderServices.orderId} = ${orders.id}),
      'passToken', coalesce(
        (select p.token_encrypted from ${orderPasses} p where p.id = ${sql.placeholder('passId')} and p.order_id = ${orders.id} and p.revoked_at is null),
        (select p.token_encrypted from ${orderPasses} p where p.order_id = ${orders.id} and p.revoked_at is null
          order by p.created_at desc, p.id desc limit 1))) as facts
    from ${orders}
    join ${companies} on ${companies.id} = ${orders.companyId}
    join ${locations} on ${locations.id} = ${orders.locationId}
    left join ${clinics} on ${clinics.id} = ${orders.clinicId}
    where ${orders.id} = ${sql.placeholder('orderId')} and ${orders.tenantId} = ${sql.placeholder('tenantId')}`,
);

async function orderFacts(db: Db, message: MessageToRender, options: RenderOptions): Promise<OrderFacts> {
  if (!message.orderId) throw new RenderError('orderMissing', 'The message names no order');
  const [row] = await orderFactsRow(db, {
    orderId: message.orderId,
    tenantId: message.tenantId,
    passId: typeof message.data.passId === 'string' ? message.data.passId : null,
  });
  if (!row) throw new RenderError('orderMissing', 'The order of the message does not exist');
  const order = row.facts;
  if (!order.passToken) throw new RenderError('passMissing', 'The order has no valid pass');
  const clinic = order.clinic;
  const cityLine = clinic ? [clinic.city, [clinic.state, clinic.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ') : '';
  const address = clinic ? [clinic.line1, cityLine].filter(Boolean).join(', ') : '';
  return {
    code: order.code,
    firstName: order.firstName?.trim() || null,
    company: order.company,
    tests: order.tests,
    expiresAt: order.expiresAt === null ? null : new Date(order.expiresAt),
    timeZone: timeZoneOfState(order.state),
    clinic: clinic ? { name: clinic.name, address: address || null, phone: clinic.phone } : null,
    passUrl: oneTimeLink('pass', openSecret(order.passToken), options),
  };
}

/** The fixed wording of each template in the message's language: a subject, an opening sentence, and a short SMS lead. */
function wording(template: OrderTemplate, f: OrderFacts, language: ParticipantLanguage) {
  const words = participantText(language).message[template];
  return { subject: words.subject(f), opening: words.opening(f), sms: words.sms(f) };
}

export function renderOrderMessage(template: OrderTemplate, f: OrderFacts, language: ParticipantLanguage = 'en'): RenderedMessage {
  const m = participantText(language).message;
  const w = wording(template, f, language);
  const greeting = m.greeting(f.firstName);
  const deadline = f.expiresAt ? formatDeadline(f.expiresAt, f.timeZone, 'long', language) : null;
  const deadlineLine = deadline ? `${m.completeBy[0]}${deadline}${m.completeBy[1]}` : null;
  const clinicLines = f.clinic
    ? [`${m.clinic}: ${f.clinic.name}`, f.clinic.address, f.clinic.phone ? `${m.phone}: ${f.clinic.phone}` : null].filter((l): l is string => Boolean(l))
    : [`${m.clinic}: ${m.chooseClinic}`];
  const codeLine = `${m.orderCode[0]}${f.code}${m.orderCode[1]}`;
  const text = [
    greeting,
    '',
    w.opening,
    ...(deadlineLine ? [deadlineLine] : []),
    '',
    ...clinicLines,
    '',
    `${m.yourPass}: ${f.passUrl}`,
    codeLine,
    '',
    m.personal,
    '',
  ].join('\n');

  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(w.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;color:#18181b;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p>${e(greeting)}</p>
<p>${e(w.opening)}</p>
${deadline ? `<p>${e(m.completeBy[0])}<strong>${e(deadline)}</strong>${e(m.completeBy[1])}</p>` : ''}
<p><strong>${e(m.clinic)}:</strong> ${f.clinic ? `${e(f.clinic.name)}${f.clinic.address ? `<br>${e(f.clinic.address)}` : ''}${f.clinic.phone ? `<br>${e(m.phone)}: ${e(f.clinic.phone)}` : ''}` : e(m.chooseClinic)}</p>
<p><a href="${e(f.passUrl)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${e(m.openYourPass)}</a></p>
<p style="font-size:14px;color:#52525b;word-break:break-all">${e(m.copyLink)} <a href="${e(f.passUrl)}" style="color:#1d4ed8">${e(f.passUrl)}</a></p>
<p>${e(m.orderCode[0])}<strong>${e(f.code)}</strong>${e(m.orderCode[1])}</p>
<p style="font-size:14px;color:#52525b">${e(m.personal)}</p>
</div>
</body></html>
`;
  return { subject: w.subject, text, html, sms: orderSms(w.sms, f, language) };
}

/** Cuts `text` to `max` characters with an ellipsis. */
const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, Math.max(max - 1, 0)).trimEnd()}…`);

/**
 * The SMS: lead, first name, tests, deadline, pass link and code. The link and the code are never
 * shortened; when the whole is over 320 characters the tests, then the lead, are cut.
 */
function orderSms(lead: string, f: OrderFacts, language: ParticipantLanguage): string {
  const words = participantText(language);
  const s = words.message.sms;
  const deadline = f.expiresAt ? s.by(formatDeadline(f.expiresAt, f.timeZone, 'short', language)) : '';
  const clinic = f.clinic ? s.at(f.clinic.name) : '';
  const fixed = (leadText: string, tests: string, clinicText: string) =>
    `${f.firstName ? s.greeting(f.firstName) : ''}${leadText}${tests ? ` (${tests})` : ''}${clinicText}${deadline}. ${s.pass}: ${f.passUrl} ${s.code}: ${f.code}`;
  let tests = words.list(f.tests);
  let leadText = lead;
  let clinicText = clinic;
  let sms = fixed(leadText, tests, clinicText);
  if (sms.length > SMS_MAX_LENGTH) {
    tests = cut(tests, Math.max(tests.length - (sms.length - SMS_MAX_LENGTH), 12));
    sms = fixed(leadText, tests, clinicText);
  }
  if (sms.length > SMS_MAX_LENGTH) {
    tests = '';
    clinicText = '';
    sms = fixed(leadText, tests, clinicText);
  }
  if (sms.length > SMS_MAX_LENGTH) {
    leadText = cut(leadText, Math.max(leadText.length - (sms.length - SMS_MAX_LENGTH), 10));
    sms = fixed(leadText, tests, clinicText);
  }
  // A link longer than the limit itself (an absurd PUBLIC_URL) still must not break the limit.
  return sms.length > SMS_MAX_LENGTH ? cut(sms, SMS_MAX_LENGTH) : sms;
}

// ---------------------------------------------------------------------------------------------
// Invitations (DESIGN.md 6.4)
// ---------------------------------------------------------------------------------------------

async function renderInvitation(db: Db, message: MessageToRender, options: RenderOptions): Promise<RenderedMessage> {
  const invitationId = message.invitationId ?? (typeof message.data.invitationId === 'string' ? message.data.invitationId : null);
  if (!invitationId) throw new RenderError('invitationMissing', 'The message names no invitation');
  const [invitation] = await db
    .select({ token: userInvitations.tokenEncrypted, expiresAt: userInvitations.expiresAt, createdBy: userInvitations.createdByUserId, tenant: tenants.name, name: users.name })
    .from(userInvitations)
    .innerJoin(tenants, eq(tenants.id, userInvitations.tenantId))
    .innerJoin(users, eq(users.id, userInvitations.userId))
    .where(and(eq(userInvitations.id, invitationId), eq(userInvitations.tenantId, message.tenantId)));
  if (!invitation) throw new RenderError('invitationMissing', 'The invitation of the message does not exist');
  let inviter: string | null = null;
  if (invitation.createdBy) {
    const [by] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, invitation.createdBy));
    inviter = by ? by.name?.trim() || by.email : null;
  }
  return renderInvitationMessage({
    tenant: invitation.tenant,
    inviter,
    name: invitation.name?.trim() || null,
    expiresAt: invitation.expiresAt,
    url: oneTimeLink('invite', openSecret(invitation.token), options),
  });
}

export function renderInvitationMessage(f: { tenant: string; inviter: string | null; name: string | null; expiresAt: Date; url: string }): RenderedMessage {
  const subject = `${f.inviter ?? f.tenant} invited you to join ${f.tenant} on the drug-testing orders dashboard`;
  const greeting = f.name ? `Hello ${f.name},` : 'Hello,';
  const who = f.inviter ? `${f.inviter} has invited you` : 'You have been invited';
  const until = `${formatDeadline(f.expiresAt, 'UTC')}`;
  const text = [
    greeting,
    '',
    `${who} to join ${f.tenant} on the drug-testing orders dashboard.`,
    `Set your password with this link before ${until}:`,
    f.url,
    '',
    'If you did not expect this invitation, ignore this e-mail.',
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = accountEmailHtml(subject, `
<p>${e(greeting)}</p>
<p>${e(who)} to join ${e(f.tenant)} on the drug-testing orders dashboard.</p>
<p><a href="${e(f.url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">Set your password</a></p>
<p style="font-size:14px;color:#52525b;word-break:break-all">Or copy this link: <a href="${e(f.url)}" style="color:#1d4ed8">${e(f.url)}</a><br>It works until ${e(until)}.</p>
<p style="font-size:14px;color:#52525b">If you did not expect this invitation, ignore this e-mail.</p>
`);
  const sms = `${who} to join ${cut(f.tenant, 60)} on the drug-testing orders dashboard. Set your password: ${f.url}`;
  return { subject, text, html, sms };
}

// ---------------------------------------------------------------------------------------------
// Unlocking sign-in (lib/domain/users/sign-in-unlock.ts)
// ---------------------------------------------------------------------------------------------

function renderSignInUnlock(message: MessageToRender, options: RenderOptions): RenderedMessage {
  const { link, expiresAt } = message.data as { link?: unknown; expiresAt?: unknown };
  if (typeof link !== 'string' || typeof expiresAt !== 'string') throw new RenderError('unknownTemplate', 'The unlock message carries no link');
  return renderSignInUnlockMessage({ url: oneTimeLink('unlock', openSecret(link), options), expiresAt: new Date(expiresAt) });
}

export function renderSignInUnlockMessage(f: { url: string; expiresAt: Date }): RenderedMessage {
  const subject = 'Unlock your sign-in to the drug-testing orders dashboard';
  const until = formatDeadline(f.expiresAt, 'UTC');
  const text = [
    'Hello,',
    '',
    'Too many sign-in attempts were made for your account, so sign-in was paused on the browser that asked for this e-mail.',
    `Open this link before ${until} to unlock it on your browser:`,
    f.url,
    '',
    'If you did not ask for this, someone may be guessing your password: unlock, sign in and change it, or tell your admin.',
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = accountEmailHtml(subject, `
<p>Hello,</p>
<p>Too many sign-in attempts were made for your account, so sign-in was paused on the browser that asked for this e-mail.</p>
<p><a href="${e(f.url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">Unlock sign-in</a></p>
<p style="font-size:14px;color:#52525b;word-break:break-all">Or copy this link: <a href="${e(f.url)}" style="color:#1d4ed8">${e(f.url)}</a><br>It works once, until ${e(until)}.</p>
<p style="font-size:14px;color:#52525b">If you did not ask for this, someone may be guessing your password: unlock, sign in and change it, or tell your admin.</p>
`);
  return { subject, text, html, sms: `Unlock your sign-in to the drug-testing orders dashboard: ${f.url}` };
}

// ---------------------------------------------------------------------------------------------
// Password reset (lib/domain/users/password-reset.ts): a one-time link of user_invitations
// ---------------------------------------------------------------------------------------------

async function renderPasswordReset(db: Db, message: MessageToRender, options: RenderOptions): Promise<RenderedMessage> {
  const invitationId = message.invitationId;
  if (!invitationId) throw new RenderError('invitationMissing', 'The message names no reset link');
  const [link] = await db
    .select({ token: userInvitations.tokenEncrypted, expiresAt: userInvitations.expiresAt })
    .from(userInvitations)
    .where(and(eq(userInvitations.id, invitationId), eq(userInvitations.tenantId, message.tenantId)));
  if (!link) throw new RenderError('invitationMissing', 'The reset link of the message does not exist');
  return renderPasswordResetMessage({ url: oneTimeLink('reset-password', openSecret(link.token), options), expiresAt: link.expiresAt });
}

export function renderPasswordResetMessage(f: { url: string; expiresAt: Date }): RenderedMessage {
  const subject = 'Reset your password for the drug-testing orders dashboard';
  const until = formatDeadline(f.expiresAt, 'UTC');
  const text = [
    'Hello,',
    '',
    'Someone (we hope you) asked to reset the password of your account on the drug-testing orders dashboard.',
    `Open this link before ${until} to choose a new one:`,
    f.url,
    '',
    'Setting it signs you out everywhere. If you did not ask for this, ignore this e-mail: your password stays as it is.',
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = accountEmailHtml(subject, `<p>Hello,</p>
<p>Someone (we hope you) asked to reset the password of your account on the drug-testing orders dashboard.</p>
<p><a href="${e(f.url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">Choose a new password</a></p>
<p style="font-size:14px;color:#52525b;word-break:break-all">Or copy this link: <a href="${e(f.url)}" style="color:#1d4ed8">${e(f.url)}</a><br>It works once, until ${e(until)}.</p>
<p style="font-size:14px;color:#52525b">Setting it signs you out everywhere. If you did not ask for this, ignore this e-mail: your password stays as it is.</p>
`);
  return { subject, text, html, sms: `Reset your password for the drug-testing orders dashboard: ${f.url}` };
}

// ---------------------------------------------------------------------------------------------
// A webhook endpoint disabled after failing for 5 days (lib/domain/webhooks/disable-failing-endpoints.ts), to the admins
// ---------------------------------------------------------------------------------------------

function renderWebhookEndpointDisabled(message: MessageToRender): RenderedMessage {
  const { endpointId, url, failingSince } = message.data as { endpointId?: unknown; url?: unknown; failingSince?: unknown };
  if (typeof endpointId !== 'string' || typeof url !== 'string' || typeof failingSince !== 'string')
    throw new RenderError('unknownTemplate', 'The message names no webhook endpoint');
  return renderWebhookEndpointDisabledMessage({ endpointId, url, failingSince: new Date(failingSince), pageUrl: `${publicUrl()}/webhooks` });
}

export function renderWebhookEndpointDisabledMessage(f: { endpointId: string; url: string; failingSince: Date; pageUrl: string }): RenderedMessage {
  const subject = 'A webhook endpoint was disabled after failing for 5 days';
  const since = formatDeadline(f.failingSince, 'UTC');
  const lines = [
    `Every delivery to your webhook endpoint ${f.url} has failed since ${since}, so after 5 days it was disabled: it receives no events until it is enabled again.`,
    'Once the receiver answers with a 2xx again, enable the endpoint on the Webhooks page, or with',
    `PATCH /api/v2/webhook-endpoints/${f.endpointId} {"status": "enabled"}.`,
    `Then send it what it missed with "Recover" (POST /api/v2/webhook-endpoints/${f.endpointId}/recovery, events of the last 30 days).`,
  ];
  const text = ['Hello,', '', ...lines, '', f.pageUrl, ''].join('\n');
  const e = escapeHtml;
  const html = accountEmailHtml(subject, `
<p>Hello,</p>
<p>Every delivery to your webhook endpoint <strong>${e(f.url)}</strong> has failed since ${e(since)}, so after 5 days it was disabled: it receives no events until it is enabled again.</p>
<p>Once the receiver answers with a 2xx again, enable the endpoint on the Webhooks page, or with <code>PATCH /api/v2/webhook-endpoints/${e(f.endpointId)}</code> <code>{"status": "enabled"}</code>. Then send it what it missed with <em>Recover</em> (<code>POST /api/v2/webhook-endpoints/${e(f.endpointId)}/recovery</code>, events of the last 30 days).</p>
<p><a href="${e(f.pageUrl)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">Open the Webhooks page</a></p>
`);
  return { subject, text, html, sms: `Your webhook endpoint ${cut(f.url, 120)} was disabled after failing for 5 days: ${f.pageUrl}` };
}

/** The page around an account e-mail's paragraphs (invitation, unlock link): one look for both. */
function accountEmailHtml(subject: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;color:#18181b;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">${body}</div>
</body></html>
`;
}
