/**
 * The printable pass (DESIGN.md 6.1: with delivery `none` the requester hands the pass over): one
 * page with the order code as text and QR code for the clinic, a second QR code of the pass link
 * for the participant's phone, the tests, the deadline, the clinic and what to bring. Outside the
 * dashboard shell, so nothing but the pass is printed. Signed in with `order.update`, as the pass
 * operation: the link on it lets whoever holds it act as the participant.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import QRCode from 'qrcode';
import { PrintButton } from '@/components/passes/print-button';
import { formatAddress, formatPhone } from '@/components/orders/format';
import { formatInstant, timeZoneLabel } from '@/lib/format/time';
import { requireScope } from '@/lib/auth/page-context';
import { DomainError } from '@/lib/domain/errors';
import { getOrder } from '@/lib/domain/orders/queries';
import { getPass } from '@/lib/domain/passes/passes';

export const metadata: Metadata = { title: 'Print pass', robots: { index: false, follow: false } };

const isNotFound = (error: unknown) => error instanceof DomainError && error.entries[0]?.code === 'notFound';

const svg = async (text: string, label: string) =>
  (await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1, color: { dark: '#000000', light: '#ffffff' } })).replace(
    '<svg ',
    `<svg role="img" aria-label="${label.replace(/"/g, '')}" class="h-auto w-full" `,
  );

export default async function PrintPassPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const ctx = await requireScope('order.update');
  const order = await getOrder(ctx, id, { identifiers: false }).catch((error) => {
    if (isNotFound(error)) notFound();
    throw error;
  });
  const pass = await getPass(ctx, id);
  const [codeQr, linkQr] = await Promise.all([svg(order.code, `QR code of order code ${order.code}`), svg(pass.url, 'QR code of the pass link')]);
  const observed = order.settings.observedCollection;

  return (
    <main className="mx-auto max-w-2xl bg-white p-6 text-slate-900 print:max-w-none print:p-0" data-testid="print-pass">
      <div className="mb-6 flex items-center justify-between gap-4 print:hidden">
        <Link href={`/orders/${encodeURIComponent(order.id)}`} className="text-sm text-slate-600 hover:text-slate-900">
          ← Back to the order
        </Link>
        <PrintButton />
      </div>
      <header className="border-b border-slate-300 pb-4">
        <p className="text-sm text-slate-600">Test pass · {order.company?.name}</p>
        <h1 className="mt-1 text-2xl font-semibold">
          {order.participant.firstName ? `For ${order.participant.firstName}` : 'Test pass'}
        </h1>
        <p className="mt-1 text-sm text-slate-700">
          Complete by{' '}
          {order.expiresAt ? (
            <>
              <strong>
                <time dateTime={order.expiresAt}>{formatInstant(order.expiresAt, ctx.timeZone)}</time>
              </strong>{' '}
              ({timeZoneLabel(ctx.timeZone)})
            </>
          ) : (
            <strong>no deadline</strong>
          )}
        </p>
      </header>
      <section className="grid grid-cols-2 gap-6 border-b border-slate-300 py-6" aria-label="Codes">
        <div className="text-center">
          <div className="mx-auto w-44" dangerouslySetInnerHTML={{ __html: codeQr }} />
          <p className="mt-2 font-mono text-2xl font-bold tracking-widest" data-testid="print-code">
            {order.code}
          </p>
          <p className="text-xs text-slate-600">Show this at the clinic.</p>
        </div>
        <div className="text-center">
          <div className="mx-auto w-32" dangerouslySetInnerHTML={{ __html: linkQr }} />
          <p className="mt-2 break-all font-mono text-[10px] text-slate-700" data-testid="print-link">
            {pass.url}
          </p>
          <p className="text-xs text-slate-600">Scan to open the pass on a phone: clinic, map, hours{order.clinic ? '' : ' and the clinic choice'}.</p>
        </div>
      </section>
      <section className="border-b border-slate-300 py-4" aria-labelledby="print-tests">
        <h2 id="print-tests" className="font-semibold">
          Tests
        </h2>
        <ul className="mt-1 list-disc pl-5 text-sm">
          {order.services.map((s) => (
            <li key={s.id}>{s.name}</li>
          ))}
        </ul>
      </section>
      <section className="border-b border-slate-300 py-4" aria-labelledby="print-clinic">
        <h2 id="print-clinic" className="font-semibold">
          Clinic
        </h2>
        {order.clinic ? (
          <div className="mt-1 text-sm">
            <p className="font-medium">{order.clinic.name}</p>
            <p>{formatAddress(order.clinic.address)}</p>
            {order.clinic.phone ? <p>Phone: {formatPhone(order.clinic.phone)}</p> : null}
          </div>
        ) : (
          <p className="mt-1 text-sm">Choose a clinic near you: scan the code above or open the link.</p>
        )}
      </section>
      <section className="py-4" aria-labelledby="print-bring">
        <h2 id="print-bring" className="font-semibold">
          What to bring
        </h2>
        <ul className="mt-1 list-disc pl-5 text-sm">
          <li>A government-issued photo ID (driver&apos;s license, state ID or passport).</li>
          <li>This paper, or the order code.</li>
        </ul>
        {observed ? <p className="mt-2 text-sm">Observed collection: a same-gender observer will be present during the urine collection.</p> : null}
      </section>
      <p className="text-xs text-slate-500">This pass is personal. Questions? Contact {order.requester.name ?? order.requester.email}.</p>
    </main>
  );
}
