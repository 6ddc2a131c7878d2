import type { Metadata } from 'next';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { can, requireScope } from '@/lib/auth/page-context';
import { getWebhookSecret, isTenantWebhookAdmin } from '@/lib/domain/tenants';
import { isAdmin } from '../settings/require-admin';
import { DeliveriesList } from './deliveries-list';
import { SigningSecret } from './signing-secret';

export const metadata: Metadata = { title: 'Webhooks' };

export default async function WebhooksPage() {
  const ctx = await requireScope('webhook.read');
  // The secret signs deliveries for every company: an admin limited to some companies is told who has it.
  const secret = isTenantWebhookAdmin(ctx) ? await getWebhookSecret(ctx) : null;
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Orders created with a callback URL receive an order.updated event at every status change, signed with your tenant's secret (Standard Webhooks)."
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <DeliveriesList canRedeliver={can(ctx, 'webhook.write')} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          {secret ? (
            <SigningSecret secret={secret} />
          ) : isAdmin(ctx) ? (
            <Card aria-labelledby="secret-title">
              <CardHeader id="secret-title" title="Signing secret" description="Shared by every webhook of your tenant." />
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
              <p>Failed deliveries are retried with exponential backoff for about a day; you can redeliver any event here.</p>
            </CardBody>
          </Card>
        </div>
      </div>
    </>
  );
}
