/**
 * One message the staging mailbox captured: who it went to (masked), what it was about, and what
 * it said. The e-mail's HTML is shown in a sandboxed frame (`srcdoc`, no scripts, no access to
 * the dashboard), its plain text beside it; an SMS as its text with its length. Its pass or
 * invitation link is masked (only the recipient gets it); the entry offers to send a new one.
 */
import Link from 'next/link';
import { Card } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import type { MailboxEntry } from '@/lib/domain/messages/queries';
import { channelLabel, templateLabel } from './labels';
import { MailboxResend, type ResendTarget } from './mailbox-resend';
import { MessageStatus } from './order-messages-panel';

/** Where a new link comes from: the order's pass, or the invited user's invitation; null when the message carries none. */
function resendTarget(entry: MailboxEntry): ResendTarget | null {
  if (entry.link === 'pass' && entry.order) return { link: 'pass', orderId: entry.order.id };
  if (entry.link === 'invitation' && entry.invitee) return { link: 'invitation', userId: entry.invitee.id };
  return null;
}

export function MailboxEntryCard({ entry }: { entry: MailboxEntry }) {
  const { message: m, content } = entry;
  const target = resendTarget(entry);
  const titleId = `mail-${m.id}`;
  const title = content ? (m.channel === 'email' ? content.subject : `Text message: ${templateLabel(m.template)}`) : templateLabel(m.template);
  return (
    <Card aria-labelledby={titleId} data-testid="mailbox-entry" data-channel={m.channel}>
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
        <div className="min-w-0">
          <h2 id={titleId} className="font-semibold break-words text-slate-900 dark:text-white">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
            {channelLabel(m.channel)} to <span className="font-mono">{m.to}</span> · {templateLabel(m.template)} ·{' '}
            <DateTime iso={m.sentAt ?? m.createdAt} />
            {entry.order ? (
              <>
                {' · order '}
                <Link href={`/orders/${entry.order.id}`} className="font-mono text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
                  {entry.order.code}
                </Link>
              </>
            ) : null}
          </p>
        </div>
        <MessageStatus status={m.status} />
      </div>
      {!content ? (
        <p className="px-5 py-4 text-sm text-slate-600 dark:text-slate-300">This message can no longer be shown: {entry.contentError}</p>
      ) : m.channel === 'sms' ? (
        <div className="px-5 py-4">
          <p className="max-w-md rounded-2xl rounded-bl-sm bg-slate-100 px-4 py-3 text-sm break-words whitespace-pre-wrap text-slate-900 dark:bg-slate-800 dark:text-slate-100" data-testid="mailbox-sms">
            {content.sms}
          </p>
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{content.sms.length} of 320 characters</p>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-4 px-5 py-4 xl:grid-cols-2">
          <div className="min-w-0">
            <h3 className="mb-2 text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">HTML</h3>
            <iframe
              title={`E-mail preview: ${content.subject}`}
              srcDoc={content.html}
              sandbox=""
              referrerPolicy="no-referrer"
              className="h-96 w-full rounded-lg border border-slate-200 bg-white dark:border-slate-700"
            />
          </div>
          <div className="min-w-0">
            <h3 className="mb-2 text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">Plain text</h3>
            <pre className="h-96 overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-xs break-words whitespace-pre-wrap text-slate-800 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-200" data-testid="mailbox-text" tabIndex={0}>
              {content.text}
            </pre>
          </div>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-5 py-3 dark:border-slate-800">
        {entry.masked ? (
          <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="mailbox-masked-note">
            {entry.link === 'invitation' ? 'The invitation link' : entry.link === 'pass' ? 'The pass link' : entry.message.template === 'passwordReset' ? 'The password reset link' : 'The unlock link'} is
            hidden (… and its last 4 characters): only its recipient gets it.
          </p>
        ) : (
          <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="mailbox-own-note">
            This e-mail is to you: its link is shown whole.
          </p>
        )}
        {target ? <MailboxResend target={target} /> : null}
      </div>
    </Card>
  );
}
