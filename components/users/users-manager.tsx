'use client';
/**
 * /settings/users: invite a user (e-mail, name, role, companies), change a user's role and
 * companies, deactivate and reactivate, send an invitation again, unlock a sign-in: the operations
 * of /api/v2/users (POST, PATCH /{id}, POST /{id}/invitation, POST /{id}/signInUnlock), whose
 * domain operations refuse whatever the admin may not do. The forms validate with the API's own
 * schemas; what the server refuses lands on the control its pointer names, or in a toast.
 */
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm, useWatch, type Control, type Path, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import type { User } from '@/lib/api/representations';
import { bodyResolver } from '@/components/setup/form-kit';
import { ApiError, apiFetch, errorMessage } from '@/components/ui/api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { DateTime } from '@/components/ui/date-time';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { describedBy, Field, Input, Select } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import type { Role } from '@/lib/domain/scopes';
import type { UserListItem } from '@/lib/domain/users/queries';
import { InviteUserBody, UpdateUserBody } from '@/lib/domain/users/schemas';

const userPath = (id: string, sub = '') => `/api/v2/users/${encodeURIComponent(id)}${sub}`;

/** Why the server refused, in words: a user outside the admin's companies answers like a missing one. */
function refusal(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return 'That user does not exist.';
  if (error instanceof ApiError && error.status !== 401) return error.entries.map((e) => e.detail).join(' ');
  return errorMessage(error);
}

/** The server's first error on a control of the form (by its `source.pointer`): its name and message, else null. */
function onControl(error: unknown, controls: readonly string[]): { control: string; message: string } | null {
  if (!(error instanceof ApiError)) return null;
  for (const entry of error.entries) {
    const control = entry.source?.pointer?.replace(/^\//, '').split('/')[0];
    if (control && controls.includes(control)) return { control, message: entry.detail };
  }
  return null;
}

interface Company {
  id: string;
  name: string;
}

const ROLE_LABEL: Record<Role, string> = { admin: 'Admin', manager: 'Manager', staff: 'Staff', viewer: 'Viewer' };
const ROLE_HINT: Record<Role, string> = {
  admin: 'Everything, including users, tokens and reference data.',
  manager: 'Orders, results and documents; no settings.',
  staff: 'Places and follows orders.',
  viewer: 'Reads orders only.',
};

const STATUS: Record<UserListItem['status'], { label: string; tone: 'success' | 'warning' | 'muted' }> = {
  active: { label: 'Active', tone: 'success' },
  invited: { label: 'Invited', tone: 'warning' },
  deactivated: { label: 'Deactivated', tone: 'muted' },
};

type CompaniesValues = { allCompanies: boolean; companyIds: string[] };

/** "All companies" (for an admin who may grant it) and one checkbox per company. */
function CompaniesFieldset<T extends CompaniesValues, O>({
  idPrefix,
  companies,
  canGrantAllCompanies,
  register,
  control,
  error,
}: {
  idPrefix: string;
  companies: Company[];
  canGrantAllCompanies: boolean;
  register: UseFormRegister<T>;
  control: Control<T, unknown, O>;
  error?: string;
}) {
  const allCompanies = useWatch({ control, name: 'allCompanies' as Path<T> }) as boolean;
  const errorId = `${idPrefix}-companies-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Companies</legend>
      {canGrantAllCompanies ? (
        <label className="mt-2 flex items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register('allCompanies' as Path<T>)} />
          All companies, present and future
        </label>
      ) : (
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">You can give access only to companies you are linked to.</p>
      )}
      {!allCompanies ? (
        companies.length ? (
          <div className="mt-2 grid grid-cols-1 gap-1 sm:grid-cols-2">
            {companies.map((c) => (
              <label key={c.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" value={c.id} className="h-4 w-4 accent-brand-600" {...register('companyIds' as Path<T>)} />
                {c.name}
              </label>
            ))}
          </div>
        ) : (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">No companies yet: create one first, or give access to all companies.</p>
        )
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function RoleSelect({ id, roles, invalid, ...props }: { id: string; roles: Role[]; invalid?: boolean } & React.ComponentProps<'select'>) {
  return (
    <Select id={id} invalid={invalid} {...props}>
      {roles.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABEL[role]} — {ROLE_HINT[role]}
        </option>
      ))}
    </Select>
  );
}

type InviteInput = { email: string; name: string; role: Role } & CompaniesValues;
const inviteResolver = bodyResolver<InviteInput, z.output<typeof InviteUserBody>>(InviteUserBody, (v) => v);

function InviteCard({ companies, roles, canGrantAllCompanies }: { companies: Company[]; roles: Role[]; canGrantAllCompanies: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const defaultRole = roles.includes('staff') ? 'staff' : roles[roles.length - 1];
  const form = useForm<InviteInput, unknown, z.output<typeof InviteUserBody>>({
    resolver: inviteResolver,
    defaultValues: { email: '', name: '', role: defaultRole, allCompanies: canGrantAllCompanies, companyIds: [] },
  });
  const { register, control, formState } = form;
  const mutation = useMutation({
    mutationFn: async (body: z.output<typeof InviteUserBody>) => (await apiFetch<User>('/api/v2/users', { method: 'POST', body })).data,
    onSuccess: (user) => {
      toast.success(`Invitation sent to ${user.email}`, 'The link is valid for 7 days.');
      form.reset();
      router.refresh();
    },
    onError: (error) => {
      const field = onControl(error, ['email', 'name', 'role', 'companyIds']);
      if (field) form.setError(field.control as Path<InviteInput>, { type: 'server', message: field.message });
      else toast.error('The invitation was not sent', refusal(error));
    },
  });
  const emailError = formState.errors.email?.message;
  return (
    <Card aria-labelledby="invite-user-title">
      <CardHeader id="invite-user-title" title="Invite a user" description="They receive an e-mail with a link to choose a password." />
      <CardBody>
        <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))} className="flex flex-col gap-5">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <Field label="E-mail" htmlFor="invite-email" required error={emailError}>
              <Input id="invite-email" type="email" autoComplete="off" invalid={Boolean(emailError)} aria-describedby={describedBy('invite-email', emailError)} {...register('email')} />
            </Field>
            <Field label="Name" htmlFor="invite-name" error={formState.errors.name?.message}>
              <Input id="invite-name" autoComplete="off" invalid={Boolean(formState.errors.name)} {...register('name')} />
            </Field>
            <Field label="Role" htmlFor="invite-role" required error={formState.errors.role?.message}>
              <RoleSelect id="invite-role" roles={roles} invalid={Boolean(formState.errors.role)} {...register('role')} />
            </Field>
          </div>
          <CompaniesFieldset
            idPrefix="invite"
            companies={companies}
            canGrantAllCompanies={canGrantAllCompanies}
            register={register}
            control={control}
            error={formState.errors.companyIds?.message}
          />
          <div className="flex justify-end">
            <Button type="submit" loading={mutation.isPending}>
              Send invitation
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

type UpdateInput = { role: Role } & CompaniesValues;
const updateResolver = bodyResolver<UpdateInput, z.output<typeof UpdateUserBody>>(UpdateUserBody, (v) => v);

function EditUserForm({
  user,
  companies,
  roles,
  canGrantAllCompanies,
  onDone,
}: {
  user: UserListItem;
  companies: Company[];
  roles: Role[];
  canGrantAllCompanies: boolean;
  onDone: () => void;
}) {
  const router = useRouter();
  const toast = useToast();
  const form = useForm<UpdateInput, unknown, z.output<typeof UpdateUserBody>>({
    resolver: updateResolver,
    defaultValues: {
      role: roles.includes(user.role) ? user.role : roles[0],
      allCompanies: user.companyIds === 'all',
      companyIds: user.companyIds === 'all' ? [] : user.companyIds,
    },
  });
  const { register, control, formState } = form;
  const mutation = useMutation({
    mutationFn: async (body: z.output<typeof UpdateUserBody>) => (await apiFetch<User>(userPath(user.id), { method: 'PATCH', body })).data,
    onError: (error) => {
      const field = onControl(error, ['role', 'companyIds']);
      if (field) form.setError(field.control as Path<UpdateInput>, { type: 'server', message: field.message });
      else toast.error('The user was not changed', refusal(error));
    },
    onSuccess: () => {
      toast.success(`${user.name ?? user.email} changed`, 'The new role and companies apply from their next page.');
      onDone();
      router.refresh();
    },
  });
  return (
    <form id="edit-user-form" noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))} className="flex flex-col gap-5">
      <Field label="Role" htmlFor="edit-role" required error={formState.errors.role?.message}>
        <RoleSelect id="edit-role" roles={roles} invalid={Boolean(formState.errors.role)} {...register('role')} />
      </Field>
      <CompaniesFieldset idPrefix="edit" companies={companies} canGrantAllCompanies={canGrantAllCompanies} register={register} control={control} error={formState.errors.companyIds?.message} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  );
}

export function UsersManager({
  users,
  companies,
  roles,
  canGrantAllCompanies,
  currentUserId,
}: {
  users: UserListItem[];
  companies: Company[];
  /** The roles the admin may give (their scopes are all its own). */
  roles: Role[];
  /** Only an admin linked to every company can give access to all companies. */
  canGrantAllCompanies: boolean;
  currentUserId: string;
}) {
  const router = useRouter();
  const toast = useToast();
  const [editing, setEditing] = useState<UserListItem | null>(null);
  const [deactivating, setDeactivating] = useState<UserListItem | null>(null);
  const companyName = new Map(companies.map((c) => [c.id, c.name]));
  const label = (u: UserListItem) => u.name ?? u.email;

  const deactivate = useMutation({
    mutationFn: async (id: string) => (await apiFetch<User>(userPath(id), { method: 'PATCH', body: { isActive: false } })).data,
    onSuccess: () => {
      toast.success(`${deactivating ? label(deactivating) : 'User'} deactivated`, 'They are signed out and cannot sign in.');
      setDeactivating(null);
      router.refresh();
    },
    onError: (error) => toast.error('The user was not deactivated', refusal(error)),
  });
  const reactivate = useMutation({
    mutationFn: async (user: UserListItem) => (await apiFetch<User>(userPath(user.id), { method: 'PATCH', body: { isActive: true } })).data,
    onSuccess: (_, user) => {
      toast.success(`${label(user)} reactivated`, 'They can sign in again.');
      router.refresh();
    },
    onError: (error) => toast.error('The user was not reactivated', refusal(error)),
  });
  const resend = useMutation({
    mutationFn: async (user: UserListItem) => (await apiFetch<User>(userPath(user.id, '/invitation'), { method: 'POST', body: {} })).data,
    onSuccess: (_, user) => {
      toast.success(`New invitation sent to ${user.email}`, 'The previous link no longer works.');
      router.refresh();
    },
    onError: (error) => toast.error('The invitation was not sent', refusal(error)),
  });

  const unlock = useMutation({
    mutationFn: async (user: UserListItem) => (await apiFetch<User>(userPath(user.id, '/signInUnlock'), { method: 'POST', body: {} })).data,
    onSuccess: (_, user) => {
      toast.success(`Sign-in unlocked for ${user.email}`, 'Their sign-in attempts are counted afresh, from every address.');
    },
    onError: (error) => toast.error('Sign-in was not unlocked', refusal(error)),
  });

  return (
    <div className="flex flex-col gap-6">
      <InviteCard companies={companies} roles={roles} canGrantAllCompanies={canGrantAllCompanies} />

      <Card aria-labelledby="users-title">
        <CardHeader id="users-title" title="Users" description="Deactivated users stay listed for the record; nothing is deleted." />
        {users.length === 0 ? (
          <EmptyState title="No users you can manage" description="Invite one above." />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[760px] text-sm" data-testid="users-table">
              <caption className="sr-only">Users</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-400">
                <tr>
                  <th scope="col" className="h-10 px-4">Name</th>
                  <th scope="col" className="px-4">E-mail</th>
                  <th scope="col" className="px-4">Role</th>
                  <th scope="col" className="px-4">Companies</th>
                  <th scope="col" className="px-4">Status</th>
                  <th scope="col" className="px-4">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {users.map((u) => {
                  const status = STATUS[u.status];
                  const self = u.id === currentUserId;
                  return (
                    <tr key={u.id} data-user-email={u.email}>
                      <td className="px-4 py-3 font-medium text-slate-900 dark:text-white">
                        {u.name ?? <span className="text-slate-500 dark:text-slate-400">—</span>}
                        {self ? <span className="ml-2 text-xs font-normal text-slate-500 dark:text-slate-400">(you)</span> : null}
                      </td>
                      <td className="px-4 py-3 text-slate-700 dark:text-slate-200">{u.email}</td>
                      <td className="px-4 py-3 text-slate-700 dark:text-slate-200">{ROLE_LABEL[u.role] ?? u.role}</td>
                      <td className="px-4 py-3 text-slate-600 dark:text-slate-300">
                        {u.companyIds === 'all' ? 'All' : u.companyIds.map((id) => companyName.get(id) ?? id).join(', ') || '—'}
                      </td>
                      <td className="px-4 py-3 whitespace-nowrap">
                        <Badge tone={status.tone} dot>
                          {status.label}
                        </Badge>
                        {u.invitationExpiresAt ? (
                          <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">
                            link until <DateTime iso={u.invitationExpiresAt} dateOnly />
                          </span>
                        ) : null}
                      </td>
                      <td className="px-4 py-3">
                        {self ? null : (
                          <div className="flex justify-end gap-2">
                            {u.status === 'invited' ? (
                              <Button variant="ghost" size="sm" loading={resend.isPending && resend.variables?.id === u.id} onClick={() => resend.mutate(u)} aria-label={`Send a new invitation to ${u.email}`}>
                                Resend invitation
                              </Button>
                            ) : null}
                            {u.status === 'active' ? (
                              <Button
                                variant="ghost"
                                size="sm"
                                loading={unlock.isPending && unlock.variables?.id === u.id}
                                onClick={() => unlock.mutate(u)}
                                aria-label={`Unlock sign-in for ${u.email}`}
                                title="After too many sign-in attempts: lets them try again at once, from anywhere"
                              >
                                Unlock sign-in
                              </Button>
                            ) : null}
                            {u.status !== 'deactivated' ? (
                              <>
                                <Button variant="secondary" size="sm" onClick={() => setEditing(u)} aria-label={`Edit ${u.email}`}>
                                  Edit
                                </Button>
                                <Button variant="secondary" size="sm" onClick={() => setDeactivating(u)} aria-label={`Deactivate ${u.email}`}>
                                  Deactivate
                                </Button>
                              </>
                            ) : (
                              <Button variant="secondary" size="sm" loading={reactivate.isPending && reactivate.variables?.id === u.id} onClick={() => reactivate.mutate(u)} aria-label={`Reactivate ${u.email}`}>
                                Reactivate
                              </Button>
                            )}
                          </div>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={`Edit ${editing ? label(editing) : ''}`} description={editing?.email}>
        {editing ? (
          <EditUserForm key={editing.id} user={editing} companies={companies} roles={roles} canGrantAllCompanies={canGrantAllCompanies} onDone={() => setEditing(null)} />
        ) : null}
      </Dialog>

      <Dialog
        open={deactivating !== null}
        onClose={() => setDeactivating(null)}
        title={`Deactivate ${deactivating ? label(deactivating) : ''}?`}
        description="They are signed out at once and can no longer sign in. You can reactivate them later."
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeactivating(null)}>
              Keep user
            </Button>
            <Button variant="danger" loading={deactivate.isPending} onClick={() => deactivating && deactivate.mutate(deactivating.id)}>
              Deactivate user
            </Button>
          </>
        }
      />
    </div>
  );
}
