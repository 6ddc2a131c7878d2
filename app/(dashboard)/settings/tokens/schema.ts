/**
 * The create-token input of the dashboard: one schema for the form (react-hook-form resolver) and
 * the server action. `lib/domain/api-tokens/tokens.ts` checks scopes and companies against the tenant again.
 */
import { z } from 'zod';
import { SCOPES } from '@/lib/domain/scopes';

export const TOKEN_LIFETIMES = { never: null, '30': 30, '90': 90, '365': 365 } as const;

export const CreateTokenForm = z
  .strictObject({
    name: z.string().trim().min(1, 'Give the token a name.').max(100),
    scopes: z.array(z.enum(SCOPES)).min(1, 'Choose at least one scope.'),
    allCompanies: z.boolean(),
    companyIds: z.array(z.string().min(1).max(255)),
    lifetime: z.enum(Object.keys(TOKEN_LIFETIMES) as [keyof typeof TOKEN_LIFETIMES, ...Array<keyof typeof TOKEN_LIFETIMES>]),
  })
  .superRefine((value, ctx) => {
    if (!value.allCompanies && value.companyIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['companyIds'], message: 'Choose at least one company, or all companies.' });
  });
export type CreateTokenForm = z.output<typeof CreateTokenForm>;
