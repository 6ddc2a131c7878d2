'use client';
import { plainResolver } from '@/components/ui/form-resolver';
import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { describedBy, Field, Input } from '@/components/ui/field';
import { AcceptInvitationForm as Schema } from '@/lib/domain/users/schemas';
import type { AcceptInvitationForm as Values } from '@/lib/domain/users/schemas';

interface ErrorBody {
  statusCode?: number;
  errors?: Array<{ code: string; detail: string; source?: { pointer: string } }>;
}

/** The invitation page's form: a password twice, then the same credentials sign-in as /login. */
export function AcceptInvitationForm({ token, email, minLength }: { token: string; email: string; minLength: number }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: plainResolver(Schema), defaultValues: { password: '', confirm: '' } });
  const { register, formState } = form;

  async function submit(values: Values) {
    setError(null);
    try {
      const response = await fetch(`/invite/${encodeURIComponent(token)}/accept`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: values.password }),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as ErrorBody;
        const first = body.errors?.[0];
        if (first?.source?.pointer === '/password') form.setError('password', { message: first.detail });
        else setError(first?.detail ?? 'The password was not set. Try again in a moment.');
        return;
      }
      const result = await signIn('credentials', { email, password: values.password, redirect: false });
      if (!result?.ok || result.error) {
        // The password is set; only the automatic sign-in failed.
        router.replace('/login');
        return;
      }
      router.replace('/orders');
      router.refresh();
    } catch {
      setError('The password was not set. Check your connection and try again.');
    }
  }

  const passwordHint = `At least ${minLength} characters.`;
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="flex flex-col gap-4">
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {/* For password managers: the account the password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field label="New password" htmlFor="invite-password" required hint={passwordHint} error={formState.errors.password?.message}>
        <Input
          id="invite-password"
          type="password"
          autoComplete="new-password"
          autoFocus
          invalid={Boolean(formState.errors.password)}
          aria-describedby={describedBy('invite-password', formState.errors.password?.message, passwordHint)}
          {...register('password')}
        />
      </Field>
      <Field label="Repeat the password" htmlFor="invite-confirm" required error={formState.errors.confirm?.message}>
        <Input
          id="invite-confirm"
          type="password"
          autoComplete="new-password"
          invalid={Boolean(formState.errors.confirm)}
          aria-describedby={describedBy('invite-confirm', formState.errors.confirm?.message)}
          {...register('confirm')}
        />
      </Field>
      <Button type="submit" loading={formState.isSubmitting} className="mt-2 w-full">
        Set password and sign in
      </Button>
    </form>
  );
}
