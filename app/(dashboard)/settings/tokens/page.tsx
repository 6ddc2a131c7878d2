import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';
import { SCOPES } from '@/lib/domain/scopes';
import { listApiTokens } from '@/lib/domain/api-tokens';
import { companyAndLocationOptions } from '../../orders/filter-options';
import { requireAdminPage } from '../require-admin';
import { TokensManager } from './tokens-manager';

export const metadata: Metadata = { title: 'API tokens' };

export default async function TokensPage() {
  const ctx = await requireAdminPage();
  const [tokens, { companies }] = await Promise.all([listApiTokens(ctx), companyAndLocationOptions(ctx)]);
  return (
    <>
      <PageHeader
        title="API tokens"
        description={
          <>
            Tokens let your systems call the REST API under <code className="font-mono">/api/v2</code>. Each has its own scopes and companies, so it can be
            revoked alone. A token is shown once, when it is created.
          </>
        }
      />
      {/* An admin grants only what it holds; the domain operations refuse the rest whatever the form sends. */}
      <TokensManager tokens={tokens} companies={companies} scopes={SCOPES.filter((s) => ctx.scopes.has(s))} canGrantAllCompanies={ctx.allCompanies === true} />
    </>
  );
}
