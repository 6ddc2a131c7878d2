/**
 * The inputs of user management and of the invitation page: one zod schema each for the form
 * (react-hook-form resolver) and the server (action or route). The domain operations check role,
 * companies and e-mail against the actor and the tenant again.
 */
import { z } from 'zod';
import { ROLES } from '@/lib/domain/scopes';
import { MAX_PASSWORD_BYTES, MIN_PASSWORD_LENGTH } from './password-rules';

const companiesRefinement = (value: { allCompanies: boolean; companyIds: string[] }, ctx: z.RefinementCtx) => {
  if (!value.allCompanies && value.companyIds.length === 0)
    ctx.addIssue({ code: 'custom', path: ['companyIds'], message: 'Choose at least one company, or all companies.' });
};

export const InviteUserForm = z
  .strictObject({
    email: z.string().trim().toLowerCase().min(1, 'Enter an e-mail address.').max(254).email('Enter a valid e-mail address.'),
    name: z.string().trim().max(200),
    role: z.enum(ROLES),
    allCompanies: z.boolean(),
    companyIds: z.array(z.string().min(1).max(255)).max(500),
  })
  .superRefine(companiesRefinement);
export type InviteUserForm = z.output<typeof InviteUserForm>;

export const UpdateUserForm = z
  .strictObject({
    id: z.string().min(1).max(255),
    role: z.enum(ROLES),
    allCompanies: z.boolean(),
    companyIds: z.array(z.string().min(1).max(255)).max(500),
  })
  .superRefine(companiesRefinement);
export type UpdateUserForm = z.output<typeof UpdateUserForm>;

export const PasswordValue = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
  .refine((value) => new TextEncoder().encode(value).length <= MAX_PASSWORD_BYTES, `Use at most ${MAX_PASSWORD_BYTES} bytes.`);

/** The body of POST /invite/{token}/accept. */
export const AcceptInvitationBody = z.strictObject({ password: PasswordValue });

/** The invitation page's form: the password twice. */
export const AcceptInvitationForm = z
  .strictObject({ password: PasswordValue, confirm: z.string() })
  .refine((value) => value.password === value.confirm, { path: ['confirm'], message: 'The two passwords differ.' });
export type AcceptInvitationForm = z.output<typeof AcceptInvitationForm>;
