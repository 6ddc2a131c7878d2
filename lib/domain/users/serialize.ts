/** The User representation (lib/domain/contract/management.ts) of a listed user. */
import { userUrl, type User } from '@/lib/domain/contract/management';
import type { UserListItem } from './queries';

/** The User representation of a listed (or just invited) user. */
export function userRepresentation(user: UserListItem): User {
  return {
    id: user.id,
    object: 'user',
    url: userUrl(user.id),
    email: user.email,
    name: user.name,
    role: user.role,
    allCompanies: user.companyIds === 'all',
    companyIds: user.companyIds === 'all' ? [] : user.companyIds,
    status: user.status,
    invitationExpiresAt: user.invitationExpiresAt,
    invitationMessage: user.invitationMessage,
    invitationLinkAvailable: user.invitationLinkAvailable,
    createdAt: user.createdAt,
  };
}
