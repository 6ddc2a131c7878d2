'use client';
/**
 * /settings/tokens: create a token (POST /api/v2/apiTokens, whose answer holds the token this once)
 * and revoke one (DELETE /api/v2/apiTokens/{id}). The form validates with the API's own schema
 * (CreateApiTokenBody); what the server refuses lands on the control its pointer names.
 */
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import type { ApiToken, CreatedApiToken } from '@/lib/api/representations';
import { CreateApiTokenBody } from '@/lib/domain/api-tokens/schemas';
import { bodyResolver, pointerToControl } from '@/components/setup/form-kit';
import { Alert } from '@/components/ui/alert';
import { ApiError, apiFetch, errorMessage } from '@/components/ui/api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { DateTime } from '@/components/ui/date-time';
import { STACKED } from '@/components/ui/stacked-table';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, Input, Select } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { scopeInWords } from '@/components/orders/scope-words';

interface TokenRow {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  companyIds: string[] | 'all';
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
}

/** How long a new token lives, in days; `never` is a choice, not the default. */
const LIFETIMES = { never: null, '30': 30, '90': 90, '365': 365 } as const;

interface FormInput {
  name: string;
  scopes: string[];
  allCompanies: boolean;
  companyIds: string[];
  lifetime: keyof typeof LIFETIMES;
}

const CONTROLS = ['name', 'scopes', 'allCompanies', 'companyIds', 'lifetime'];

/** The form's values as the request body; validated with the API's schema before they are sent. */
const resolver = bodyResolver<FormInput, CreateApiTokenBody>(CreateApiTokenBody, (v) => ({
  name: v.name,
  scopes: v.scopes,
  allCompanies: v.allCompanies,
  companyIds: v.allCompanies ? [] : v.companyIds,
  expiresInDays: LIFETIMES[v.lifetime],
}));

/** Scopes grouped by resource: `order.create` under "order". */
function groupScopes(scopes: string[]) {
  const groups = new Map<string, string[]>();
  for (const s of scopes) {
    const [resource] = s.split('.');
    groups.set(resource, [...(groups.get(resource) ?? []), s]);
  }
  return [...groups.entries()];
}

function tokenState(t: TokenRow): { label: string; tone: 'success' | 'muted' | 'warning' } {
  if (t.revokedAt) return { label: 'Revoked', tone: 'muted' };
  if (t.expiresAt && Date.parse(t.expiresAt) <= Date.now()) return { label: 'Expired', tone: 'warning' };
  return { label: 'Active', tone: 'success' };
}

function CreateTokenCard({
  scopes,
  companies,
  canGrantAllCompanies,
  onCreated,
}: {
  scopes: string[];
  companies: Array<{ id: string; name: string }>;
  canGrantAllCompanies: boolean;
  onCreated: (t: CreatedApiToken) => void;
}) {
  const router = useRouter();
  const toast = useToast();
  const form = useForm<FormInput, unknown, CreateApiTokenBody>({
    resolver,
    // A token that never expires is a choice, not the default.
    defaultValues: { name: '', scopes: [], allCompanies: canGrantAllCompanies, companyIds: [], lifetime: '90' },
  });
  const { register, control, setValue, formState } = form;
  const [selected, allCompanies] = useWatch({ control, name: ['scopes', 'allCompanies'] });
  const mutation = useMutation({
    mutationFn: async (body: CreateApiTokenBody) => (await apiFetch<CreatedApiToken>('/api/v2/apiTokens', { method: 'POST', body })).data,
    onSuccess: (created) => {
      onCreated(created);
      form.reset();
      router.refresh();
    },
    onError: (error) => {
      // On the control its pointer names (`/scopes`, `/companyIds`), else a toast.
      const entry = error instanceof ApiError ? error.entries[0] : undefined;
      const control = entry?.source?.pointer ? pointerToControl(entry.source.pointer, CONTROLS) : null;
      if (entry && control) form.setError(control as Path<FormInput>, { type: 'server', message: entry.detail });
      else toast.error('The token was not created', errorMessage(error));
    },
  });

  const toggleAll = (on: boolean) => setValue('scopes', on ? [...scopes] : [], { shouldValidate: formState.isSubmitted });

  return (
    <Card aria-labelledby="create-token-title">
      <CardHeader id="create-token-title" title="Create a token" description="Give each integration its own token with only the scopes it needs." />
      <CardBody>
        <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))} className="flex flex-col gap-5">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field label="Name" htmlFor="token-name" required error={formState.errors.name?.message} hint="Shown in this list, e.g. “HRIS integration”.">
              <Input id="token-name" invalid={Boolean(formState.errors.name)} {...register('name')} />
            </Field>
            <Field label="Expires" htmlFor="token-lifetime" hint="Renew a token by creating a new one before this one expires.">
              <Select id="token-lifetime" aria-describedby="token-lifetime-hint" {...register('lifetime')}>
                <option value="30">In 30 days</option>
                <option value="90">In 90 days</option>
                <option value="365">In one year</option>
                <option value="never">Never (not recommended)</option>
              </Select>
            </Field>
          </div>

          <fieldset aria-describedby={formState.errors.scopes ? 'token-scopes-error' : undefined}>
            <div className="flex items-center justify-between">
              <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">
                Scopes <span className="text-red-600" aria-hidden="true">*</span>
              </legend>
              <div className="flex gap-2 text-sm">
                <button type="button" className="text-brand-700 hover:underline dark:text-brand-300" onClick={() => toggleAll(true)}>
                  Select all
                </button>
                <span aria-hidden="true" className="text-slate-300">
                  |
                </span>
                <button type="button" className="text-brand-700 hover:underline dark:text-brand-300" onClick={() => toggleAll(false)}>
                  None
                </button>
              </div>
            </div>
            <div className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {groupScopes(scopes).map(([resource, items]) => (
                <div key={resource} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                  <p className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{resource}</p>
                  <div className="mt-1.5 flex flex-col gap-1">
                    {items.map((scope) => (
                      <label key={scope} className="flex items-center gap-2 text-sm">
                        <input type="checkbox" value={scope} className="h-4 w-4 accent-brand-600" {...register('scopes')} />
                        <span>
                          {scopeInWords(scope)} <code className="font-mono text-xs text-slate-500 dark:text-slate-400">{scope}</code>
                        </span>
                      </label>
                    ))}
                  </div>
                </div>
              ))}
            </div>
            {formState.errors.scopes ? (
              <p id="token-scopes-error" role="alert" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
                {formState.errors.scopes.message}
              </p>
            ) : (
              <p className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">{selected?.length ?? 0} selected</p>
            )}
          </fieldset>

          <fieldset aria-describedby={formState.errors.companyIds ? 'token-companies-error' : undefined}>
            <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Companies</legend>
            {canGrantAllCompanies ? (
              <label className="mt-2 flex items-center gap-2 text-sm">
                <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register('allCompanies')} />
                All companies, present and future
              </label>
            ) : (
              <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">A token can reach only companies you are linked to.</p>
            )}
            {!allCompanies ? (
              <div className="mt-2 grid grid-cols-1 gap-1 sm:grid-cols-2">
                {companies.map((c) => (
                  <label key={c.id} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" value={c.id} className="h-4 w-4 accent-brand-600" {...register('companyIds')} />
                    {c.name}
                  </label>
                ))}
              </div>
            ) : null}
            {formState.errors.companyIds ? (
              <p id="token-companies-error" role="alert" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
                {formState.errors.companyIds.message}
              </p>
            ) : null}
          </fieldset>

          <div className="flex justify-end">
            <Button type="submit" loading={mutation.isPending}>
              Create token
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

export function TokensManager({
  tokens,
  companies,
  scopes,
  canGrantAllCompanies,
}: {
  tokens: TokenRow[];
  companies: Array<{ id: string; name: string }>;
  /** The scopes the admin holds, the only ones it can grant. */
  scopes: string[];
  /** Only an admin linked to every company can create a token for all companies. */
  canGrantAllCompanies: boolean;
}) {
  const router = useRouter();
  const toast = useToast();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<TokenRow | null>(null);
  const companyName = new Map(companies.map((c) => [c.id, c.name]));
  const revoke = useMutation({
    mutationFn: async (id: string) => (await apiFetch<ApiToken>(`/api/v2/apiTokens/${encodeURIComponent(id)}`, { method: 'DELETE' })).data,
    onSuccess: () => {
      toast.success(`Token “${revoking?.name}” revoked`, 'Requests with it are refused from now on.');
      setRevoking(null);
      router.refresh();
    },
    // A token outside the admin's companies answers like a missing one.
    onError: (error) =>
      toast.error('The token was not revoked', error instanceof ApiError && error.status === 404 ? 'That token does not exist.' : errorMessage(error)),
  });

  return (
    <div className="flex flex-col gap-6">
      {created ? (
        <Alert tone="success" title={`Token “${created.name}” created`}>
          <p>Copy it now: it is shown only once, and only a hash is stored.</p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <code data-testid="new-token" className="min-w-0 flex-1 rounded-md border border-emerald-300 bg-white px-3 py-2 font-mono text-sm break-all text-slate-900 dark:border-emerald-800 dark:bg-slate-950 dark:text-slate-100">
              {created.token}
            </code>
            <CopyButton value={created.token} label="Copy token" />
            <Button variant="ghost" size="sm" onClick={() => setCreated(null)}>
              Done
            </Button>
          </div>
        </Alert>
      ) : null}

      <CreateTokenCard scopes={scopes} companies={companies} canGrantAllCompanies={canGrantAllCompanies} onCreated={setCreated} />

      <Card aria-labelledby="tokens-title">
        <CardHeader id="tokens-title" title="Tokens" description="Newest first. Revoked tokens stay listed for the record." />
        {tokens.length === 0 ? (
          <EmptyState title="No tokens yet" description="Create one above to call the API." />
        ) : (
          <div className="md:overflow-x-auto">
            <table className={STACKED.table} data-testid="tokens-table">
              <caption className="sr-only">API tokens</caption>
              <thead className={`${STACKED.thead} border-b border-slate-200 bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-400`}>
                <tr>
                  <th scope="col" className="h-10 px-4">Name</th>
                  <th scope="col" className="px-4">Token</th>
                  <th scope="col" className="px-4">Scopes</th>
                  <th scope="col" className="px-4">Companies</th>
                  <th scope="col" className="px-4">Created</th>
                  <th scope="col" className="px-4">State</th>
                  <th scope="col" className="px-4">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className={`${STACKED.tbody} divide-y divide-slate-100 dark:divide-slate-800`}>
                {tokens.map((t) => {
                  const state = tokenState(t);
                  return (
                    <tr key={t.id} data-token-name={t.name} className={STACKED.tr}>
                      <td className={`${STACKED.td} px-4 py-3 break-words font-medium text-slate-900 dark:text-white`}>{t.name}</td>
                      <td data-label="Token" className={`${STACKED.td} px-4 py-3 font-mono text-xs text-slate-600 dark:text-slate-300`}>{t.prefix}…</td>
                      <td data-label="Scopes" className={`${STACKED.td} px-4 py-3 text-slate-600 dark:text-slate-300`} title={t.scopes.join(', ')}>
                        {t.scopes.length === scopes.length ? (
                          'All scopes'
                        ) : (
                          <ul className="flex flex-col gap-0.5" aria-label={`Scopes of ${t.name}`}>
                            {t.scopes.map((scope) => (
                              <li key={scope}>{scopeInWords(scope)}</li>
                            ))}
                          </ul>
                        )}
                      </td>
                      <td data-label="Companies" className={`${STACKED.td} px-4 py-3 text-slate-600 dark:text-slate-300`}>
                        {t.companyIds === 'all' ? 'All' : t.companyIds.map((id) => companyName.get(id) ?? id).join(', ')}
                      </td>
                      <td data-label="Created" className={`${STACKED.td} px-4 py-3 text-slate-600 md:whitespace-nowrap dark:text-slate-300`}>
                        <DateTime iso={t.createdAt} dateOnly />
                        <span className="block text-xs text-slate-500 dark:text-slate-400">
                          {t.lastUsedAt ? (
                            <>
                              last used <DateTime iso={t.lastUsedAt} />
                            </>
                          ) : (
                            'never used'
                          )}
                        </span>
                      </td>
                      <td data-label="State" className={`${STACKED.td} px-4 py-3`}>
                        <Badge tone={state.tone} dot>
                          {state.label}
                        </Badge>
                        {t.revokedAt ? (
                          <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">
                            on <DateTime iso={t.revokedAt} dateOnly />
                          </span>
                        ) : t.expiresAt ? (
                          <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">
                            {state.label === 'Expired' ? 'on' : 'until'} <DateTime iso={t.expiresAt} dateOnly />
                          </span>
                        ) : (
                          <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">never expires</span>
                        )}
                      </td>
                      <td className={`${STACKED.td} px-4 py-3 md:text-right`}>
                        {!t.revokedAt ? (
                          <Button variant="secondary" size="sm" onClick={() => setRevoking(t)} aria-label={`Revoke token ${t.name}`}>
                            Revoke
                          </Button>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      <Dialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        description="Every request made with this token is refused from now on. This cannot be undone."
        footer={
          <>
            <Button variant="secondary" onClick={() => setRevoking(null)}>
              Keep token
            </Button>
            <Button variant="danger" loading={revoke.isPending} onClick={() => revoking && revoke.mutate(revoking.id)}>
              Revoke token
            </Button>
          </>
        }
      />
    </div>
  );
}
