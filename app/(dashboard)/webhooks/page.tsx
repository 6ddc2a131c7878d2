import type { Metadata } from 'next';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { EndpointsList } from '@/components/webhooks/endpoints-list';
import { can, requireScope } from '@/lib/auth/page-context';
import { getWebhookSecret, isTenantWebhookAdmin } from '@/lib/domain/tenants';
import { listWebhookEndpoints } from '@/lib/domain/webhook-endpoints';
import { isAdmin } from '../settings/require-admin';
import { canWriteEndpoints, endpointChoices } from './choices';
import { DeliveriesList } from './deliveries-list';
import { SigningSecret } from './signing-secret';

export const metadata: Metadata = { title: 'Webhooks' };

export default async function WebhooksPage() {
  const ctx = await requireScope('webhook.read');
  // The secret signs deliveries for every company: an admin limited to some companies is told who has it.
  const [secret, endpoints, { eventTypes, companies }] = await Promise.all([
    isTenantWebhookAdmin(ctx) ? getWebhookSecret(ctx) : null,
    listWebhookEndpoints(ctx, { page: 1, limit: 20 }),
    endpointChoices(ctx),
  ]);
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Endpoints receive the events they choose, about every order whoever placed it; orders created with a callback URL also receive their own order.updated events there. Every delivery is signed (Standard Webhooks)."
      />
      <div className="mb-8">
        <EndpointsList initial={endpoints} eventTypes={eventTypes} companies={companies} canWrite={canWriteEndpoints(ctx)} />
      </div>
      <section aria-labelledby="order-callbacks">
        <h2 id="order-callbacks" className="mb-1 text-lg font-semibold text-slate-900 dark:text-white">
          Order callbacks
        </h2>
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
          Orders created with a callback URL receive an order.updated event at every status change, signed with your tenant&apos;s secret.
        </p>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
            <DeliveriesList canRedeliver={can(ctx, 'webhook.write')} />
          </div>
          <div className="flex min-w-0 flex-col gap-6">
            {secret ? (
              <SigningSecret secret={secret} />
            ) : isAdmin(ctx) ? (
              <Card aria-labelledby="secret-title">
                <CardHeader id="secret-title" title="Signing secret" description="Signs the order callbacks of your tenant; each endpoint has its own." />
                <CardBody className="text-sm text-slate-600 dark:text-slate-300">
                  <p>It is shown and rotated by an admin of the whole tenant; ask one for it to verify deliveries.</p>
                </CardBody>
              </Card>
            ) : null}
            <Card aria-labelledby="verify-title">
              <CardHeader id="verify-title" title="Verifying a delivery" />
              <CardBody className="flex flex-col gap-2 text-sm text-slate-600 dark:text-slate-300">
                <p>
                  Each request carries <code className="font-mono text-xs">webhook-id</code>, <code className="font-mono text-xs">webhook-timestamp</code> and{' '}
                  <code className="font-mono text-xs">webhook-signature</code>.
                </p>
                <p>
                  The signature is <code className="font-mono text-xs">v1,</code> followed by the base64 HMAC-SHA256 of <code className="font-mono text-xs">id.timestamp.body</code>, keyed with the base64
                  part of the secret. Any Standard Webhooks library verifies it.
                </p>
                <p>
                  For 24 hours after an endpoint&apos;s secret is rotated, its deliveries carry two signatures separated by a space, one per secret: accept the request when
                  either verifies.
                </p>
                <p>Failed deliveries are retried with exponential backoff for about a day; you can redeliver any event here.</p>
              </CardBody>
            </Card>
          </div>
        </div>
      </section>
    </>
  );
}
