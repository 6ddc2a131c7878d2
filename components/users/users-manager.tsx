'use client';
/**
 * /settings/users: invite a user (e-mail, name, role, companies), change a user's role and
 * companies, deactivate and reactivate, send an invitation again, unlock a sign-in: the operations
 * of /api/v2/users (POST, PATCH /{id}, POST /{id}/invitation, POST /{id}/signInUnlock), whose
 * domain operations refuse whatever the admin may not do. The forms validate with the API's own
 * schemas; what the server refuses lands on the control its pointer names, or in a toast.
 *
 * Honest about the e-mail (issue 29): an invitation's status says whether its e-mail is queued,
 * sent or failed (and why, in words), and when it failed the admin who sent it may see its link
 * once (POST /api/v2/users/{id}/invitation/link) to pass it on by hand. While an e-mail waits for
 * its first attempt the page refreshes itself for a little while.
 */
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type Control, type Path, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import type { User } from '@/lib/api/representations';
import type { InvitationLink } from '@/lib/domain/contract/management';
import { bodyResolver } from '@/components/setup/form-kit';
import { ApiError, apiFetch, errorMessage } from '@/components/ui/api';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { STACKED } from '@/components/ui/stacked-table';
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

/** What became of an invitation's e-mail, in words. */
export function invitationMessageWords(message: NonNullable<UserListItem['invitationMessage']>): { label: string; tone: 'info' | 'success' | 'danger'; detail: string } {
  if (message.status === 'sent') return { label: 'E-mail sent', tone: 'success', detail: 'The invitation e-mail was sent.' };
  if (message.status === 'queued')
    return { label: 'E-mail queued', tone: 'info', detail: message.lastError ? `Not sent yet; it is retried (last attempt: ${message.lastError}).` : 'The invitation e-mail is waiting to be sent.' };
  const reason =
    message.lastError === 'providerNotConfigured'
      ? 'this server has no e-mail provider configured (SMTP_URL).'
      : message.lastError === 'invitationMissing'
        ? 'the invitation no longer exists.'
        : message.lastError
          ? `the provider refused it (${message.lastError}).`
          : 'it could not be delivered.';
  return { label: 'E-mail not sent', tone: 'danger', detail: `The invitation e-mail was not sent: ${reason}` };
}

/** While an invitation e-mail waits for its first attempt (a few seconds), reload the list for up to a minute. */
function useRefreshWhileQueued(users: UserListItem[], since: number) {
  const router = useRouter();
  const waiting = users.some((u) => u.invitationMessage?.status === 'queued' && !u.invitationMessage.lastError);
  useEffect(() => {
    if (!waiting || Date.now() - since > 60_000) return;
    const timer = setTimeout(() => router.refresh(), 2_000);
    return () => clearTimeout(timer);
  }, [waiting, since, users, router]);
}

/** The link of an invitation whose e-mail failed, asked for and shown once. */
function InvitationLinkDialog({ user, onClose }: { user: UserListItem | null; onClose: () => void }) {
  const router = useRouter();
  const [link, setLink] = useState<InvitationLink | null>(null);
  const show = useMutation({
    mutationFn: async (id: string) => (await apiFetch<InvitationLink>(userPath(id, '/invitation/link'), { method: 'POST', body: {} })).data,
    onSuccess: (shown) => {
      setLink(shown);
      router.refresh();
    },
  });
  const close = () => {
    setLink(null);
    show.reset();
    onClose();
  };
  return (
    <Dialog
      open={user !== null}
      onClose={close}
      title={`Invitation link for ${user?.email ?? ''}`}
      description="The invitation e-mail was not sent. Pass the link on yourself, to this person only: whoever has it can set the password of the account."
      footer={
        link ? (
          <Button onClick={close}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button loading={show.isPending} onClick={() => user && show.mutate(user.id)}>
              Show the link
            </Button>
          </>
        )
      }
    >
      {link ? (
        <div className="flex flex-col gap-3">
          <Alert tone="warning" title="Shown this once">
            Copy it now: it is not shown again. It works once, until <DateTime iso={link.expiresAt} />. To get another, send a new invitation.
          </Alert>
          <label htmlFor="invitation-link" className="text-sm font-medium text-slate-700 dark:text-slate-200">
            Invitation link
          </label>
          <div className="flex items-center gap-2">
            <input
              id="invitation-link"
              data-testid="invitation-link"
              readOnly
              value={link.url}
              onFocus={(e) => e.currentTarget.select()}
              className="h-9 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-xs text-slate-800 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
            />
            <CopyButton value={link.url} label="Copy link" />
          </div>
        </div>
      ) : show.isError ? (
        <Alert tone="danger" title="The link was not shown">
          {refusal(show.error)}
        </Alert>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">The link is shown once, to you only. Have a way to pass it on ready (a message to the person, not a shared channel).</p>
      )}
    </Dialog>
  );
}

/** Right after an invitation: what became of its e-mail, as the list learns it. */
function InvitationOutcomeDialog({ user, onClose, onShowLink }: { user: UserListItem | null; onClose: () => void; onShowLink: (user: UserListItem) => void }) {
  const words = user?.invitationMessage ? invitationMessageWords(user.invitationMessage) : null;
  return (
    <Dialog
      open={user !== null}
      onClose={onClose}
      title={`Invitation for ${user?.email ?? ''}`}
      description={user?.invitationExpiresAt ? <>The link in it works once, until <DateTime iso={user.invitationExpiresAt} />.</> : undefined}
      footer={
        <>
          {user?.invitationLinkAvailable ? (
            <Button variant="secondary" onClick={() => onShowLink(user)}>
              Get the link to pass on
            </Button>
          ) : null}
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      <div role="status" data-testid="invitation-outcome" className="flex flex-col gap-2 text-sm">
        {words ? (
          <>
            <span>
              <Badge tone={words.tone} dot>
                {words.label}
              </Badge>
            </span>
            <p className="text-slate-700 dark:text-slate-200">{words.detail}</p>
          </>
        ) : (
          <p className="text-slate-700 dark:text-slate-200">The invitation was created.</p>
        )}
      </div>
    </Dialog>
  );
}


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

function InvitationMessageLine({ message }: { message: NonNullable<UserListItem['invitationMessage']> }) {
  const words = invitationMessageWords(message);
  return (
    <span className="mt-1 block text-xs" data-testid="invitation-message">
      <span className={words.tone === 'danger' ? 'font-medium text-red-700 dark:text-red-300' : words.tone === 'success' ? 'text-emerald-700 dark:text-emerald-300' : 'text-slate-600 dark:text-slate-300'}>
        {words.label}
      </span>
      {words.tone === 'danger' ? <span className="block text-slate-600 dark:text-slate-300">{words.detail}</span> : null}
    </span>
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

function InviteCard({
  companies,
  roles,
  canGrantAllCompanies,
  onInvited,
}: {
  companies: Company[];
  roles: Role[];
  canGrantAllCompanies: boolean;
  onInvited: (user: User) => void;
}) {
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
      // Not "sent": the e-mail is only queued; the dialog follows what becomes of it.
      form.reset();
      onInvited(user);
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
      <CardHeader id="invite-user-title" title="Invite a user" description="An e-mail with a link to choose a password is sent to them; you see here whether it went." />
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
  const [invitedId, setInvitedId] = useState<string | null>(null);
  const [linkFor, setLinkFor] = useState<UserListItem | null>(null);
  const [changedAt, setChangedAt] = useState(() => Date.now());
  useRefreshWhileQueued(users, changedAt);
  const invited = invitedId ? (users.find((u) => u.id === invitedId) ?? null) : null;
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
      setChangedAt(Date.now());
      setInvitedId(user.id);
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
      <InviteCard
        companies={companies}
        roles={roles}
        canGrantAllCompanies={canGrantAllCompanies}
        onInvited={(user) => {
          setChangedAt(Date.now());
          setInvitedId(user.id);
        }}
      />

      <Card aria-labelledby="users-title">
        <CardHeader id="users-title" title="Users" description="Deactivated users stay listed for the record; nothing is deleted." />
        {users.length === 0 ? (
          <EmptyState title="No users you can manage" description="Invite one above." />
        ) : (
          <div className="md:overflow-x-auto">
            <table className={STACKED.table} data-testid="users-table">
              <caption className="sr-only">Users</caption>
              <thead className={`${STACKED.thead} border-b border-slate-200 bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-400`}>
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
              <tbody className={`${STACKED.tbody} divide-y divide-slate-100 dark:divide-slate-800`}>
                {users.map((u) => {
                  const status = STATUS[u.status];
                  const self = u.id === currentUserId;
                  return (
                    <tr key={u.id} data-user-email={u.email} data-user-id={u.id} className={STACKED.tr}>
                      <td className={`${STACKED.td} px-4 py-3 font-medium text-slate-900 dark:text-white`}>
                        {u.name ?? <span className="text-slate-500 dark:text-slate-400">—</span>}
                        {self ? <span className="ml-2 text-xs font-normal text-slate-500 dark:text-slate-400">(you)</span> : null}
                      </td>
                      <td data-label="E-mail" className={`${STACKED.td} px-4 py-3 break-all text-slate-700 dark:text-slate-200`}>{u.email}</td>
                      <td data-label="Role" className={`${STACKED.td} px-4 py-3 text-slate-700 dark:text-slate-200`}>{ROLE_LABEL[u.role] ?? u.role}</td>
                      <td data-label="Companies" className={`${STACKED.td} px-4 py-3 text-slate-600 dark:text-slate-300`}>
                        {u.companyIds === 'all' ? 'All' : u.companyIds.map((id) => companyName.get(id) ?? id).join(', ') || '—'}
                      </td>
                      <td data-label="Status" className={`${STACKED.td} px-4 py-3`} data-testid="user-status">
                        <Badge tone={status.tone} dot>
                          {status.label}
                        </Badge>
                        {u.invitationMessage ? <InvitationMessageLine message={u.invitationMessage} /> : null}
                        {u.invitationExpiresAt ? (
                          <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
                            link until <DateTime iso={u.invitationExpiresAt} dateOnly />
                          </span>
                        ) : null}
                      </td>
                      <td className={`${STACKED.td} px-4 py-3`}>
                        {self ? null : (
                          <div className="flex flex-wrap gap-2 md:justify-end">
                            {u.invitationLinkAvailable ? (
                              <Button variant="secondary" size="sm" onClick={() => setLinkFor(u)} aria-label={`Get the invitation link for ${u.email}`}>
                                Get link
                              </Button>
                            ) : null}
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

      <InvitationOutcomeDialog
        user={invited}
        onClose={() => setInvitedId(null)}
        onShowLink={(user) => {
          setInvitedId(null);
          setLinkFor(user);
        }}
      />
      <InvitationLinkDialog user={linkFor} onClose={() => setLinkFor(null)} />

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
