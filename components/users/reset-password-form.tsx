'use client';
import { plainResolver } from '@/components/ui/form-resolver';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { describedBy, Field, Input } from '@/components/ui/field';
import { ResetPasswordForm as Schema, type ResetPasswordForm as Values } from '@/lib/domain/users/schemas';

interface ErrorBody {
  errors?: Array<{ code: string; detail: string; source?: { pointer: string } }>;
}

/** The reset page's form: the new password twice (POST /api/auth/password-reset/confirm), then the sign-in page. */
export function ResetPasswordForm({ token, email, minLength }: { token: string; email: string; minLength: number }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: plainResolver(Schema), defaultValues: { password: '', confirm: '' } });
  const { register, formState } = form;

  async function submit(values: Values) {
    setError(null);
    try {
      const response = await fetch('/api/auth/password-reset/confirm', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, password: values.password }),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as ErrorBody;
        const first = body.errors?.[0];
        if (first?.source?.pointer === '/password') form.setError('password', { message: first.detail });
        else setError(first?.detail ?? 'The password was not changed. Try again in a moment.');
        return;
      }
      router.replace('/login?reset=1');
    } catch {
      setError('The password was not changed. Check your connection and try again.');
    }
  }

  const passwordHint = `At least ${minLength} characters.`;
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="flex flex-col gap-4">
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {/* For password managers: the account the password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field label="New password" htmlFor="reset-password" required hint={passwordHint} error={formState.errors.password?.message}>
        <Input
          id="reset-password"
          type="password"
          autoComplete="new-password"
          autoFocus
          invalid={Boolean(formState.errors.password)}
          aria-describedby={describedBy('reset-password', formState.errors.password?.message, passwordHint)}
          {...register('password')}
        />
      </Field>
      <Field label="Repeat the password" htmlFor="reset-confirm" required error={formState.errors.confirm?.message}>
        <Input
          id="reset-confirm"
          type="password"
          autoComplete="new-password"
          invalid={Boolean(formState.errors.confirm)}
          aria-describedby={describedBy('reset-confirm', formState.errors.confirm?.message)}
          {...register('confirm')}
        />
      </Field>
      <Button type="submit" loading={formState.isSubmitting} className="mt-2 w-full">
        Set new password
      </Button>
    </form>
  );
}
