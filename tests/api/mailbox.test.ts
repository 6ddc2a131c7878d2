/**
 * The staging mailbox (DESIGN.md 6.1, security issue 26): a message is shown only to an admin who
 * may see its subject (an order message: the order; an invitation: the invited user, whose
 * companies must be among the admin's), and never with a live one-time link, which only its
 * recipient gets: the link is masked, and the mailbox can send a new one instead.
 */
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, orderPasses, userInvitations } from '@/lib/db/schema';
import { listMailbox, type MailboxEntry } from '@/lib/domain/messages/queries';
import { inviteUser, invitationByToken } from '@/lib/domain/users';
import { newId } from '@/lib/ids';
import { openSecret } from '@/lib/secrets';
import { DEMO } from '@/lib/seed';
import { runDueMessages } from '@/lib/worker/message-send';
import type { MessageProvider } from '@/lib/worker/providers/types';
import { asUser, createTestUser, type TestUser } from './admins';
import { call, db, expectError, withTestDatabase } from './harness';
import { orderWithPass, queue } from './messages-fixtures';

withTestDatabase();

const acme = DEMO.tenants.acme.id;
const { primary, secondary } = DEMO.acme.companies;
const captured: MessageProvider = { name: 'mailbox', send: async () => ({ ok: true, providerMessageId: null }) };

/** Sends the messages as staging does without a provider: into the mailbox. */
async function capture(ids: string[]) {
  await runDueMessages({ db: db(), messageIds: ids, providers: { email: captured, sms: captured } });
  const rows = await db().select({ provider: messages.provider }).from(messages).where(inArray(messages.id, ids));
  expect(rows.map((r) => r.provider)).toEqual(ids.map(() => 'mailbox'));
}

async function invite(admin: TestUser, companyIds: string[] | 'all', role: 'admin' | 'staff' = 'staff') {
  const invited = await inviteUser({ ctx: admin.ctx, input: { email: `mailbox-${newId().toLowerCase()}@users.test`, role, companyIds } });
  const [message] = await db().select({ id: messages.id }).from(messages).where(eq(messages.invitationId, invited.invitationId));
  const [invitation] = await db().select().from(userInvitations).where(eq(userInvitations.id, invited.invitationId));
  return { user: invited, messageId: message.id, token: openSecret(invitation.tokenEncrypted) };
}

/** The whole mailbox of an admin (one page, however long). */
async function mailboxOf(admin: TestUser): Promise<MailboxEntry[]> {
  return (await listMailbox(admin.ctx, { page: 1, limit: 10_000 })).data;
}

let tenantAdmin: TestUser;
let primaryAdmin: TestUser;
let secondaryAdmin: TestUser;
let wideInvite: Awaited<ReturnType<typeof invite>>;
let primaryInvite: Awaited<ReturnType<typeof invite>>;
let secondaryInvite: Awaited<ReturnType<typeof invite>>;
let order: { id: string; code: string };
let orderMessage: { id: string; token: string };

beforeAll(async () => {
  [tenantAdmin, primaryAdmin, secondaryAdmin] = await Promise.all([
    createTestUser(acme, 'admin', 'all'),
    createTestUser(acme, 'admin', [primary]),
    createTestUser(acme, 'admin', [secondary]),
  ]);
  // The finding: an all-companies admin's invitation, read by a company-limited admin.
  wideInvite = await invite(tenantAdmin, 'all', 'admin');
  primaryInvite = await invite(tenantAdmin, [primary]);
  secondaryInvite = await invite(tenantAdmin, [secondary]);
  const withPass = await orderWithPass();
  order = withPass.order;
  orderMessage = { id: await queue(order.id, withPass.passId, 'email', 'jordan.rivera@example.com'), token: withPass.token };
  const sms = await queue(order.id, withPass.passId, 'sms', '+15125550199', 'reminder');
  await capture([wideInvite.messageId, primaryInvite.messageId, secondaryInvite.messageId, orderMessage.id, sms]);
});

describe('listMailbox', () => {
  it('a company-limited admin sees invitations of users within its companies only, never an all-companies one', async () => {
    const ids = (await mailboxOf(primaryAdmin)).map((e) => e.message.id);
    expect(ids).toContain(primaryInvite.messageId);
    expect(ids).not.toContain(wideInvite.messageId);
    expect(ids).not.toContain(secondaryInvite.messageId);
    expect((await mailboxOf(secondaryAdmin)).map((e) => e.message.id)).not.toContain(wideInvite.messageId);
  });

  it('order messages only to admins who read the order; a tenant-wide admin sees every message', async () => {
    expect((await mailboxOf(primaryAdmin)).map((e) => e.message.id)).toContain(orderMessage.id);
    expect((await mailboxOf(secondaryAdmin)).map((e) => e.message.id)).not.toContain(orderMessage.id);
    const all = (await mailboxOf(tenantAdmin)).map((e) => e.message.id);
    for (const id of [wideInvite.messageId, primaryInvite.messageId, secondaryInvite.messageId, orderMessage.id]) expect(all).toContain(id);
  });

  it('no entry shows a live link: each is masked to its last 4 characters, in the subject, text, HTML and SMS alike', async () => {
    const entries = await mailboxOf(tenantAdmin);
    const ours = entries.filter((e) => [wideInvite.messageId, primaryInvite.messageId, secondaryInvite.messageId].includes(e.message.id) || e.order?.id === order.id);
    expect(ours).toHaveLength(5);
    const shown = JSON.stringify(entries);
    for (const token of [wideInvite.token, primaryInvite.token, secondaryInvite.token, orderMessage.token]) expect(shown).not.toContain(token);
    // No token-shaped path segment at all, whoever's message it is.
    expect(shown).not.toMatch(/\/(invite|pass)\/[A-Za-z0-9_%-]{8,}/);

    const invitation = ours.find((e) => e.message.id === wideInvite.messageId)!;
    expect(invitation.link).toBe('invitation');
    expect(invitation.content?.text).toContain(`/invite/…${wideInvite.token.slice(-4)}`);
    expect(invitation.content?.html).toContain(`/invite/…${wideInvite.token.slice(-4)}`);
    const email = ours.find((e) => e.message.id === orderMessage.id)!;
    expect(email.link).toBe('pass');
    expect(email.content?.text).toContain(`Your pass: http://`);
    expect(email.content?.text).toContain(`/pass/…${orderMessage.token.slice(-4)}`);
    const sms = ours.find((e) => e.message.channel === 'sms' && e.order?.id === order.id)!;
    expect(sms.content?.sms).toContain(`/pass/…${orderMessage.token.slice(-4)} Code: ${order.code}`);
  });
});

/**
 * "Send a new link" calls the operation that sends it, with the admin's session: the pass through
 * POST /api/v2/orders/{id}/pass, the invitation through POST /api/v2/users/{id}/invitation (the
 * entry names the invitee).
 */
describe('sending a new link from the mailbox', () => {
  it('an invitation: its entry names the invitee, a new link is sent and the old one revoked', async () => {
    const invited = await invite(tenantAdmin, [primary]);
    await capture([invited.messageId]);
    const entry = (await mailboxOf(primaryAdmin)).find((e) => e.message.id === invited.messageId)!;
    expect(entry).toMatchObject({ link: 'invitation', invitee: { id: invited.user.id }, order: null });
    const res = await call('POST', `/api/v2/users/${entry.invitee!.id}/invitation`, await asUser(primaryAdmin));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await invitationByToken(db(), invited.token))?.state).toBe('revoked');
    const open = await db().select().from(userInvitations).where(eq(userInvitations.userId, invited.user.id));
    expect(open.filter((i) => !i.revokedAt)).toHaveLength(1);
    const queued = await db().select().from(messages).where(eq(messages.invitationId, open.find((i) => !i.revokedAt)!.id));
    expect(queued).toMatchObject([{ template: 'userInvitation', status: 'queued' }]);
  });

  it("a pass message: its entry names the order, whose pass is reissued (the old link revoked) and sent by the order's delivery method", async () => {
    const withPass = await orderWithPass();
    const id = await queue(withPass.order.id, withPass.passId, 'email', 'jordan.rivera@example.com');
    await capture([id]);
    const entry = (await mailboxOf(primaryAdmin)).find((e) => e.message.id === id)!;
    expect(entry).toMatchObject({ link: 'pass', invitee: null, order: { id: withPass.order.id } });
    const res = await call('POST', `/api/v2/orders/${entry.order!.id}/pass`, { ...(await asUser(primaryAdmin)), body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const passes = await db().select().from(orderPasses).where(eq(orderPasses.orderId, withPass.order.id));
    expect(passes.find((p) => p.id === withPass.passId)?.revokedAt).not.toBeNull();
    expect(passes.filter((p) => !p.revokedAt)).toHaveLength(1);
  });

  it("404 for what the admin may not see (an all-companies invitee, another company's order), as for a missing id; the link stays valid", async () => {
    const session = await asUser(secondaryAdmin);
    const missing = await call('POST', `/api/v2/users/${newId()}/invitation`, session);
    expectError(missing, 404, 'notFound');
    const invitee = await call('POST', `/api/v2/users/${wideInvite.user.id}/invitation`, session);
    expect(invitee.body).toEqual(missing.body);
    expectError(await call('POST', `/api/v2/orders/${order.id}/pass`, { ...session, body: {} }), 404, 'notFound');
    expect((await invitationByToken(db(), wideInvite.token))?.state).toBe('valid');
  });
});
