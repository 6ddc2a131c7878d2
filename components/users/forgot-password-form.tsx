'use client';
import { plainResolver } from '@/components/ui/form-resolver';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { describedBy, Field, Input } from '@/components/ui/field';
import { RequestPasswordResetBody } from '@/lib/domain/users/schemas';

type Values = { email: string };

/**
 * "Forgot password?": POST /api/auth/password-reset. The answer is the same whether or not the
 * address has an account, and so is what this form says.
 */
export function ForgotPasswordForm() {
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: plainResolver(RequestPasswordResetBody), defaultValues: { email: '' } });
  const { register, formState } = form;

  async function submit(values: Values) {
    setError(null);
    try {
      const response = await fetch('/api/auth/password-reset', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(values) });
      const body = (await response.json().catch(() => ({}))) as { message?: string; errors?: Array<{ detail: string; source?: { pointer: string } }> };
      if (response.status === 202) {
        setSent(body.message ?? 'If this e-mail address has an account, a link is on its way.');
        return;
      }
      const first = body.errors?.[0];
      if (first?.source?.pointer === '/email') form.setError('email', { message: first.detail });
      else setError(first?.detail ?? 'The link could not be requested. Try again in a moment.');
    } catch {
      setError('The link could not be requested. Check your connection and try again.');
    }
  }

  if (sent) return <Alert tone="success" role="status">{sent}</Alert>;
  const emailError = formState.errors.email?.message;
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="flex flex-col gap-4">
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <Field label="E-mail" htmlFor="reset-email" required error={emailError}>
        <Input id="reset-email" type="email" autoComplete="username" autoFocus invalid={Boolean(emailError)} aria-describedby={describedBy('reset-email', emailError)} {...register('email')} />
      </Field>
      <Button type="submit" loading={formState.isSubmitting} className="mt-2 w-full">
        E-mail me a link
      </Button>
    </form>
  );
}
