export { assertPasswordRules, createUser, isEmail, isRole, type CreateUserInput, type CreatedUser } from './create-user';
export { generatePassword, hashPassword, verifyPassword, MIN_PASSWORD_LENGTH } from './passwords';
export { changeUser, type ChangeUserInput } from './change-user';
export { deactivateUser, reactivateUser } from './deactivate-user';
export { getUser, listUsers, manageableUser, type InvitationMessageState, type UserListItem, type UserStatus } from './queries';
export { userRepresentation } from './serialize';
export { updateUser, type UpdateUserInput } from './update-user';
export {
  acceptInvitation,
  invitationByToken,
  inviteUser,
  resendInvitation,
  showInvitationLink,
  type ShownInvitationLink,
  InvitationGone,
  GONE_DETAIL,
  INVITATION_TTL_MS,
  type InvitationGoneReason,
  type InvitationView,
  type InviteUserInput,
  type InvitedUser,
} from './invitations';
export { passwordResetByToken, requestPasswordReset, resetPassword, PASSWORD_RESET_TTL_MS, RESET_GONE_DETAIL } from './password-reset';
