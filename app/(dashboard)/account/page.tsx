import type { Metadata } from 'next';
import { TimeZoneForm } from '@/components/account/time-zone-form';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageCtx } from '@/lib/auth/page-context';
import { timeZoneChoices } from '@/lib/format/time';

export const metadata: Metadata = { title: 'Your account' };

/** The signed-in user's own settings, for every role: the time zone the dashboard shows times in. */
export default async function AccountPage() {
  const ctx = await requirePageCtx();
  return (
    <>
      <PageHeader title="Your account" description={`Signed in as ${ctx.userEmail} (${ctx.role}).`} />
      <Card aria-labelledby="time-zone-title">
        <CardHeader
          id="time-zone-title"
          title="Time zone"
          description="Every time on the dashboard's pages is shown in this zone, and each page names it. It was taken from your browser when you first signed in."
        />
        <CardBody>
          <TimeZoneForm known={ctx.timeZoneKnown} zones={timeZoneChoices()} />
        </CardBody>
      </Card>
    </>
  );
}
