import { AppShell } from '@/components/shell/app-shell';
import { TimeZoneProvider } from '@/components/ui/time-zone';
import { navFor } from '@/components/shell/nav';
import { requirePageCtx } from '@/lib/auth/page-context';
import { env } from '@/lib/config/env';
import { getTenant } from '@/lib/domain/tenants';
import { openActionCount } from './page-reads';
import { unacknowledgedBadge } from './results-badge';

/**
 * Every dashboard page: signed in (else /login), inside the shell, its times in the user's one zone
 * (named in the header), which the provider hands to every client component.
 */
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const ctx = await requirePageCtx();
  const [tenant, unacknowledged, openActions] = await Promise.all([
    getTenant(ctx),
    // The results inbox's badge: final results nobody acknowledged (./results-badge.ts: exact below 1,000).
    ctx.scopes.has('order.update') ? unacknowledgedBadge(ctx) : 0,
    // The action center's badge: open actions the user may see (one indexed count, shared with the page).
    ctx.scopes.has('action.read') ? openActionCount(ctx) : 0,
  ]);
  return (
    <TimeZoneProvider timeZone={ctx.timeZone}>
      <AppShell
        user={{ name: ctx.userName, email: ctx.userEmail, role: ctx.role }}
        tenant={{ name: tenant.name, slug: tenant.slug }}
        environment={env.APP_ENV}
        nav={navFor(ctx).map((item) => (item.href === '/results' ? { ...item, badge: unacknowledged } : item.href === '/actions' ? { ...item, badge: openActions } : item))}
      >
        {children}
      </AppShell>
    </TimeZoneProvider>
  );
}
