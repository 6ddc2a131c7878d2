'use client';
/**
 * A new password, typed twice: the form of the invitation page (a first password) and of the reset
 * page (a new one). The page says where it goes (`send`) and what follows (`onSaved`); a refusal at
 * `/password` lands on its field, any other in the form's alert.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { describedBy, Field, Input } from '@/components/ui/field';
import { plainResolver } from '@/components/ui/form-resolver';
import { NewPasswordForm as Schema, type NewPasswordForm as Values } from '@/lib/domain/users/schemas';

interface ErrorBody {
  errors?: Array<{ code: string; detail: string; source?: { pointer: string } }>;
}

export interface NewPasswordFormProps {
  /** The ids of the inputs start with it (`invite`, `reset`). */
  idPrefix: string;
  /** The account the password belongs to, for password managers. */
  email: string;
  minLength: number;
  submitLabel: string;
  /** Sends the password; the answer's error envelope is read on a non-2xx status. */
  send: (password: string) => Promise<Response>;
  /** After the password was saved. */
  onSaved: (password: string) => Promise<void> | void;
}

export function NewPasswordForm({ idPrefix, email, minLength, submitLabel, send, onSaved }: NewPasswordFormProps) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: plainResolver(Schema), defaultValues: { password: '', confirm: '' } });
  const { register, formState } = form;
  const password = `${idPrefix}-password`;
  const confirm = `${idPrefix}-confirm`;

  async function submit(values: Values) {
    setError(null);
    try {
      const response = await send(values.password);
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as ErrorBody;
        const first = body.errors?.[0];
        if (first?.source?.pointer === '/password') form.setError('password', { message: first.detail });
        else setError(first?.detail ?? 'The password was not set. Try again in a moment.');
        return;
      }
      await onSaved(values.password);
    } catch {
      setError('The password was not set. Check your connection and try again.');
    }
  }

  const passwordHint = `At least ${minLength} characters.`;
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="flex flex-col gap-4">
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field label="New password" htmlFor={password} required hint={passwordHint} error={formState.errors.password?.message}>
        <Input
          id={password}
          type="password"
          autoComplete="new-password"
          autoFocus
          invalid={Boolean(formState.errors.password)}
          aria-describedby={describedBy(password, formState.errors.password?.message, passwordHint)}
          {...register('password')}
        />
      </Field>
      <Field label="Repeat the password" htmlFor={confirm} required error={formState.errors.confirm?.message}>
        <Input
          id={confirm}
          type="password"
          autoComplete="new-password"
          invalid={Boolean(formState.errors.confirm)}
          aria-describedby={describedBy(confirm, formState.errors.confirm?.message)}
          {...register('confirm')}
        />
      </Field>
      <Button type="submit" loading={formState.isSubmitting} className="mt-2 w-full">
        {submitLabel}
      </Button>
    </form>
  );
}
