'use client';
import { useRouter } from 'next/navigation';
import { NewPasswordForm } from './new-password-form';

const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The reset page's form: the new password twice (POST /api/auth/password-reset/confirm), then the sign-in page. */
export function ResetPasswordForm({ token, email, minLength }: { token: string; email: string; minLength: number }) {
  const router = useRouter();
  return (
    <NewPasswordForm
      idPrefix="reset"
      email={email}
      minLength={minLength}
      submitLabel="Set new password"
      send={(password) => fetch('/api/auth/password-reset/confirm', json({ token, password }))}
      onSaved={() => router.replace('/login?reset=1')}
    />
  );
}
