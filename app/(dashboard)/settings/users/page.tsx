import type { Metadata } from 'next';
import { UsersManager } from '@/components/users/users-manager';
import { PageHeader } from '@/components/ui/page-header';
import { ROLE_SCOPES, ROLES } from '@/lib/domain/scopes';
import { listUsers } from '@/lib/domain/users';
import { companyAndLocationOptions } from '../../orders/filter-options';
import { requireAdminPage } from '../require-admin';

export const metadata: Metadata = { title: 'Users' };

export default async function UsersPage() {
  const ctx = await requireAdminPage();
  const [users, { companies }] = await Promise.all([listUsers(ctx), companyAndLocationOptions(ctx)]);
  // An admin grants only roles whose scopes it holds; the domain operations refuse the rest whatever the form sends.
  const roles = ROLES.filter((role) => ROLE_SCOPES[role].every((scope) => ctx.scopes.has(scope)));
  return (
    <>
      <PageHeader
        title="Users"
        description={
          ctx.allCompanies
            ? 'People who sign in to this dashboard. Invite someone by e-mail: they get a one-time link, valid for 7 days, to choose a password.'
            : 'People of your companies who sign in to this dashboard. You see and manage users limited to companies you are linked to.'
        }
      />
      <UsersManager
        users={users}
        companies={companies}
        roles={[...roles]}
        canGrantAllCompanies={ctx.allCompanies === true}
        currentUserId={ctx.actor.type === 'user' ? ctx.actor.id : ''}
      />
    </>
  );
}
