import type { Metadata } from 'next';
import Link from 'next/link';
import { MailboxEntryCard } from '@/components/messages/mailbox-entry';
import { Alert } from '@/components/ui/alert';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { env } from '@/lib/config/env';
import { listMailbox } from '@/lib/domain/messages/queries';
import { requireAdminPage } from '../settings/require-admin';

export const metadata: Metadata = { title: 'Mailbox' };

const LIMIT = 10;

/**
 * The staging mailbox (DESIGN.md 6.1): without an SMTP or Twilio provider, staging keeps the
 * messages it would have sent here, newest first, each rendered as the participant would see it but
 * with its one-time link masked, and only those whose subject the admin may see (the order; the
 * invited user). Admins only; production has no mailbox (messages go through the providers or fail).
 */
export default async function MailboxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ctx = await requireAdminPage();
  const header = (
    <PageHeader
      title="Mailbox"
      description="Staging keeps the e-mails and text messages it would send when no SMTP or Twilio provider is configured. Nothing here left the server."
    />
  );
  if (env.APP_ENV === 'production') {
    return (
      <>
        {header}
        <Alert tone="info" title="The mailbox is for staging only">
          In production, e-mails go through SMTP (SMTP_URL) and text messages through Twilio (TWILIO_*). Without a provider they are marked failed
          (providerNotConfigured) and the order page says so.
        </Alert>
      </>
    );
  }
  const raw = Number((await searchParams).page);
  const page = Number.isInteger(raw) && raw >= 1 && raw <= 10000 ? raw : 1;
  const result = await listMailbox(ctx, { page, limit: LIMIT });
  const pages = Math.max(1, Math.ceil(result.total / LIMIT));
  return (
    <>
      {header}
      {result.data.length === 0 ? (
        <EmptyState
          title={page === 1 ? 'No messages yet' : 'No messages on this page'}
          description="Create an order delivered by e-mail or SMS: its message appears here within seconds (the pass link masked)."
        />
      ) : (
        <div className="flex flex-col gap-6" data-testid="mailbox">
          {result.data.map((entry) => (
            <MailboxEntryCard key={entry.message.id} entry={entry} />
          ))}
        </div>
      )}
      {pages > 1 ? (
        <nav aria-label="Mailbox pages" className="mt-6 flex items-center justify-between text-sm">
          {page > 1 ? (
            <Link href={`/mailbox?page=${page - 1}`} className="text-brand-700 hover:underline dark:text-brand-300">
              ← Newer
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-500 dark:text-slate-400">
            Page {page} of {pages} · {result.total} messages
          </span>
          {page < pages ? (
            <Link href={`/mailbox?page=${page + 1}`} className="text-brand-700 hover:underline dark:text-brand-300">
              Older →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </>
  );
}
