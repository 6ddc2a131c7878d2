/**
 * `POST /api/v2/apiTokens`, shared by the route, the dashboard's token form (react-hook-form
 * resolver) and the OpenAPI document. Pure: the browser imports it. createApiToken checks the scopes
 * and companies against the creator again: none beyond its own.
 */
import { z } from 'zod';
import { SCOPES } from '@/lib/domain/scopes';

/** The longest lifetime a token can be given; `null` is a token that never expires. */
export const MAX_TOKEN_DAYS = 3650;
export const DEFAULT_TOKEN_DAYS = 90;

export const CreateApiTokenBody = z
  .strictObject({
    name: z.string().trim().min(1, 'Give the token a name.').max(100),
    scopes: z.array(z.enum(SCOPES)).min(1, 'Choose at least one scope.').max(100),
    allCompanies: z.boolean(),
    companyIds: z.array(z.string().min(1).max(255)).max(500).default([]),
    expiresInDays: z
      .number()
      .int()
      .min(1)
      .max(MAX_TOKEN_DAYS)
      .nullable()
      .default(DEFAULT_TOKEN_DAYS)
      .describe(`Days until the token expires (default ${DEFAULT_TOKEN_DAYS}); null: it never expires.`),
  })
  .superRefine((value, ctx) => {
    if (!value.allCompanies && value.companyIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['companyIds'], message: 'Choose at least one company, or all companies.', params: { code: 'tooSmall' } });
  })
  .meta({ id: 'CreateApiTokenRequest' });
export type CreateApiTokenBody = z.output<typeof CreateApiTokenBody>;
