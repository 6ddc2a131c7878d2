export { assertPasswordRules, createUser, isEmail, isRole, type CreateUserInput, type CreatedUser } from './create-user';
export { generatePassword, hashPassword, verifyPassword, MIN_PASSWORD_LENGTH } from './passwords';
export {
  changeUser,
  deactivateUser,
  getUser,
  listUsers,
  manageableUser,
  reactivateUser,
  updateUser,
  userRepresentation,
  type ChangeUserInput,
  type UpdateUserInput,
  type UserListItem,
  type UserStatus,
} from './manage';
export {
  acceptInvitation,
  invitationByToken,
  inviteUser,
  resendInvitation,
  InvitationGone,
  GONE_DETAIL,
  INVITATION_TTL_MS,
  type InvitationGoneReason,
  type InvitationView,
  type InviteUserInput,
  type InvitedUser,
} from './invitations';
