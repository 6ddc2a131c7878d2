/**
 * The first-run checklist of a new tenant's home page (DESIGN.md 6.4): the steps to a working
 * setup, each done or not from the tenant's real rows (lib/domain/tenants/setup-progress.ts, read
 * by the page), each linking to where it is done. The page shows it to admins until every step is
 * done, orders or not.
 */
import Link from 'next/link';
import type { SetupProgress, SetupStep } from '@/lib/domain/tenants/setup-progress';

interface Step {
  key: SetupStep;
  title: string;
  description: React.ReactNode;
  href: string;
}

const STEPS: readonly Step[] = [
  { key: 'company', title: 'Add a company', description: 'The employer whose people are tested.', href: '/companies' },
  { key: 'location', title: 'Add a location', description: 'A site of the company, with its address; orders are placed for it.', href: '/locations' },
  { key: 'package', title: 'Create a package', description: 'The services ordered together, from the catalog.', href: '/packages' },
  {
    key: 'clinics',
    title: 'Import your clinic network',
    description: 'Upload a CSV file of your clinics and their services: check what each line would do, then import it.',
    href: '/clinics/import',
  },
  { key: 'user', title: 'Invite a colleague', description: 'Done once a colleague has signed in with their own account and role.', href: '/settings/users' },
  { key: 'apiToken', title: 'Create an API token', description: 'For your systems to place orders through the API.', href: '/settings/tokens' },
  {
    key: 'webhook',
    title: 'Receive a webhook',
    description: 'Add an endpoint and send it a test event: done once your system acknowledges a delivery (or place an order with a callback URL).',
    href: '/webhooks',
  },
];

export function SetupChecklist({ progress }: { progress: SetupProgress }) {
  if (progress.complete) return null;
  const done = STEPS.filter((s) => progress[s.key]).length;
  return (
    <section
      aria-labelledby="setup-checklist-title"
      data-testid="setup-checklist"
      className="mb-6 rounded-xl border border-brand-200 bg-white shadow-sm dark:border-brand-900 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
        <div>
          <h2 id="setup-checklist-title" className="text-base font-semibold text-slate-900 dark:text-white">
            Set up your account
          </h2>
          <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">A few steps before your first real order.</p>
        </div>
        <p className="text-sm font-medium text-slate-700 dark:text-slate-200">
          {done} of {STEPS.length} done
        </p>
      </div>
      <ol className="divide-y divide-slate-100 dark:divide-slate-800">
        {STEPS.map((step) => {
          const complete = progress[step.key];
          return (
            <li key={step.key} data-step={step.key} data-done={complete} className="flex items-start gap-3 px-5 py-3">
              <span
                aria-hidden="true"
                className={
                  complete
                    ? 'mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white'
                    : 'mt-0.5 h-5 w-5 shrink-0 rounded-full border-2 border-slate-300 dark:border-slate-600'
                }
              >
                {complete ? (
                  <svg viewBox="0 0 20 20" fill="currentColor" className="h-3.5 w-3.5">
                    <path fillRule="evenodd" d="M16.7 5.3a1 1 0 010 1.4l-8 8a1 1 0 01-1.4 0l-4-4a1 1 0 011.4-1.4L8 12.6l7.3-7.3a1 1 0 011.4 0z" clipRule="evenodd" />
                  </svg>
                ) : null}
              </span>
              <div className="min-w-0 flex-1">
                <p className={complete ? 'text-sm font-medium text-slate-500 dark:text-slate-400' : 'text-sm font-medium text-slate-900 dark:text-white'}>
                  {/* The step's title is its link: "Companies" and the like stay the main navigation's names. */}
                  <Link
                    href={step.href}
                    className={`rounded-sm underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${complete ? 'line-through' : 'text-brand-700 dark:text-brand-300'}`}
                  >
                    {step.title}
                    <span className="sr-only">{complete ? ' (done)' : ' (not done yet)'}</span>
                  </Link>
                </p>
                <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{step.description}</p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
