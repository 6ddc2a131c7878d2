/**
 * The inputs of user management and of the invitation page: one zod schema each for the form
 * (react-hook-form resolver), the route and the OpenAPI document. The domain operations check role,
 * companies and e-mail against the actor and the tenant again.
 */
import { z } from 'zod';
import { ROLES } from '@/lib/domain/scopes';
import { MAX_PASSWORD_BYTES, MIN_PASSWORD_LENGTH } from './password-rules';

const companyIdList = z.array(z.string().min(1).max(255)).max(500);

/** "All companies" or at least one: a list of none links the user to nothing. */
const companiesRefinement = (value: { allCompanies?: boolean; companyIds?: string[] }, ctx: z.RefinementCtx) => {
  if (value.allCompanies !== true && value.companyIds !== undefined && value.companyIds.length === 0)
    ctx.addIssue({ code: 'custom', path: ['companyIds'], message: 'Choose at least one company, or all companies.', params: { code: 'tooSmall' } });
  else if (value.allCompanies === false && value.companyIds === undefined)
    ctx.addIssue({ code: 'custom', path: ['companyIds'], message: 'Choose at least one company, or all companies.', params: { code: 'required' } });
};

/** The companies of a body: "all", a list, or unchanged (undefined) when the body names neither. */
export function companiesOf(body: { allCompanies?: boolean; companyIds?: string[] }): string[] | 'all' | undefined {
  if (body.allCompanies === true) return 'all';
  return body.companyIds;
}

/**
 * `POST /api/v2/users` and the invitation form: `companyIds` is ignored when `allCompanies` is true
 * (the form keeps the boxes ticked before "all" was chosen).
 */
export const InviteUserBody = z
  .strictObject({
    email: z.string().trim().toLowerCase().min(1, 'Enter an e-mail address.').max(254).email('Enter a valid e-mail address.'),
    name: z.string().trim().max(200).optional(),
    role: z.enum(ROLES),
    allCompanies: z.boolean(),
    companyIds: companyIdList.default([]),
  })
  .superRefine(companiesRefinement);
export type InviteUserBody = z.output<typeof InviteUserBody>;

/**
 * `PATCH /api/v2/users/{id}` and the edit form: the members sent change, the others keep their
 * values. `isActive: false` deactivates the user (every session ends, open invitations are revoked),
 * `true` reactivates one; nothing is deleted.
 */
export const UpdateUserBody = z
  .strictObject({
    role: z.enum(ROLES).optional(),
    allCompanies: z.boolean().optional(),
    companyIds: companyIdList.optional(),
    isActive: z.boolean().optional(),
  })
  .superRefine(companiesRefinement);
export type UpdateUserBody = z.output<typeof UpdateUserBody>;

export const PasswordValue = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
  .refine((value) => new TextEncoder().encode(value).length <= MAX_PASSWORD_BYTES, `Use at most ${MAX_PASSWORD_BYTES} bytes.`);

/** The body of POST /invite/{token}/accept. */
export const AcceptInvitationBody = z.strictObject({ password: PasswordValue });

/** The invitation and reset pages' form: the (new) password twice. */
export const NewPasswordForm = z
  .strictObject({ password: PasswordValue, confirm: z.string() })
  .refine((value) => value.password === value.confirm, { path: ['confirm'], message: 'The two passwords differ.' });
export type NewPasswordForm = z.output<typeof NewPasswordForm>;

/** The body of POST /api/auth/password-reset ("Forgot password?"). */
export const RequestPasswordResetBody = z.strictObject({
  email: z.string().trim().toLowerCase().min(1, 'Enter your e-mail address.').max(254).email('Enter a valid e-mail address.'),
});
export type RequestPasswordResetBody = z.output<typeof RequestPasswordResetBody>;

/** The body of POST /api/auth/password-reset/confirm: the link's token and the new password. */
export const ResetPasswordBody = z.strictObject({ token: z.string().min(1).max(200), password: PasswordValue });
