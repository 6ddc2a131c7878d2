/** `PATCH /api/v2/users/{id}`: one request for role, companies and active state. */
import type { Ctx } from '@/lib/domain/context';
import type { User } from '@/lib/domain/contract/management';
import { withTransaction } from '@/lib/domain/transaction';
import { deactivateUser, reactivateUser } from './deactivate-user';
import { getUser } from './queries';
import { updateUser } from './update-user';

export interface ChangeUserInput {
  id: string;
  role?: string;
  companyIds?: readonly string[] | 'all';
  /** false deactivates, true reactivates; absent leaves it. */
  isActive?: boolean;
}

/**
 * `PATCH /api/v2/users/{id}`: role and companies (updateUser), then deactivation or reactivation,
 * in one transaction (all or nothing); answers the user as it is then. Each part keeps its own rules
 * and audit entry; a body that changes nothing answers the user unchanged and writes nothing.
 */
export async function changeUser({ ctx, input }: { ctx: Ctx; input: ChangeUserInput }): Promise<User> {
  return withTransaction(ctx, async (tx) => {
    if (input.role !== undefined || input.companyIds !== undefined) await updateUser({ ctx: tx, input: { id: input.id, role: input.role, companyIds: input.companyIds } });
    if (input.isActive === false) await deactivateUser({ ctx: tx, input: { id: input.id } });
    if (input.isActive === true) await reactivateUser({ ctx: tx, input: { id: input.id } });
    return getUser(tx, input.id);
  });
}
