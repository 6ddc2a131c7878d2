/** Samples of lib/api/operations/settings.ts for the isolation matrix and the fuzz run (see ../operation-samples.ts). */
import { createToken } from '@/lib/domain/api-tokens/tokens';
import { newId } from '@/lib/ids';
import { DEMO } from '@/lib/seed';
import { createTestTenant } from '../admins';
import { eq } from 'drizzle-orm';
import { messages, userInvitations } from '@/lib/db/schema';
import { providersFromEnv } from '@/lib/worker/providers';
import { runDueMessages } from '@/lib/worker/message-send';
import { call, db, token } from '../harness';
import type { Fixtures, SampleOf } from '../operation-samples';
import { missing } from './ids';

const { primary } = DEMO.acme.companies;
const email = () => `sample-${newId().toLowerCase()}@settings.test`;

export const samples = {
  inviteUser: () => ({
    path: '/api/v2/users',
    body: { email: email(), name: 'Sample Invitee', role: 'staff', allCompanies: true },
    companyScoped: true,
    tenantWide: true,
    forbiddenPointer: '/companyIds',
  }),
  updateUser: (f) => ({ path: `/api/v2/users/${f.settingsUserId}`, missingPath: `/api/v2/users/${missing}`, body: { role: 'staff' }, companyScoped: true }),
  resendUserInvitation: (f) => ({ path: `/api/v2/users/${f.invitedUserId}/invitation`, missingPath: `/api/v2/users/${missing}/invitation`, companyScoped: true }),
  // Sent with the token that invited the user (the link goes to the inviter only), whose e-mail failed.
  showUserInvitationLink: (f) => ({
    path: `/api/v2/users/${f.linkUserId}/invitation/link`,
    missingPath: `/api/v2/users/${missing}/invitation/link`,
    companyScoped: true,
    bearer: f.linkBearer,
  }),
  unlockUserSignIn: (f) => ({ path: `/api/v2/users/${f.settingsUserId}/signInUnlock`, missingPath: `/api/v2/users/${missing}/signInUnlock`, companyScoped: true }),
  createApiToken: () => ({
    path: '/api/v2/apiTokens',
    body: { name: 'Sample token', scopes: ['company.list'], allCompanies: true },
    companyScoped: true,
    tenantWide: true,
    forbiddenPointer: '/companyIds',
  }),
  revokeApiToken: (f) => ({ path: `/api/v2/apiTokens/${f.settingsTokenId}`, missingPath: `/api/v2/apiTokens/${missing}`, companyScoped: true }),
  // Rotating Acme's or Northwind's secret would break the webhook tests that verify signatures beside it.
  rotateWebhookSecret: (f) => ({ path: '/api/v2/webhooks/secret/rotation', companyScoped: false, ownTenant: { bearer: f.rotationBearer, foreign: f.rotationForeignBearer } }),
} satisfies Record<string, SampleOf>;

/** Resources the samples need, made once with the admin token `t`; merged into the fixtures. */
export async function fixtures(t: string, _base: Fixtures): Promise<Record<string, string>> {
  const made = async (path: string, body: unknown) => {
    const res = await call('POST', path, { token: t, body });
    if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };
  const invite = () => made('/api/v2/users', { email: email(), role: 'staff', allCompanies: false, companyIds: [primary] });
  const [settingsUserId, invitedUserId, settingsTokenId] = await Promise.all([
    invite(),
    invite(),
    made('/api/v2/apiTokens', { name: 'Settings sample', scopes: ['company.list'], allCompanies: false, companyIds: [primary] }),
  ]);
  const ownTenantToken = async () => {
    const tenant = await createTestTenant();
    return (await createToken(db(), { tenantId: tenant.id, name: 'rotation', scopes: 'all', companyIds: 'all' })).token;
  };
  const [rotationBearer, rotationForeignBearer] = await Promise.all([ownTenantToken(), ownTenantToken()]);
  // An invitation whose e-mail failed as in production without a provider (the real worker, no provider).
  const linkBearer = await token();
  const linkUser = await call('POST', '/api/v2/users', { token: linkBearer, body: { email: email(), role: 'staff', allCompanies: false, companyIds: [primary] } });
  if (linkUser.status !== 201) throw new Error(`invite: ${JSON.stringify(linkUser.body)}`);
  const linkUserId = linkUser.body.id as string;
  const [{ id: messageId }] = await db()
    .select({ id: messages.id })
    .from(messages)
    .innerJoin(userInvitations, eq(userInvitations.id, messages.invitationId))
    .where(eq(userInvitations.userId, linkUserId));
  await runDueMessages({ db: db(), messageIds: [messageId], providers: providersFromEnv({ APP_ENV: 'production' }) });
  return { settingsUserId, invitedUserId, settingsTokenId, rotationBearer, rotationForeignBearer, linkUserId, linkBearer };
}
