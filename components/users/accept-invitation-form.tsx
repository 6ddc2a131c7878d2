'use client';
import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { NewPasswordForm } from './new-password-form';

/** The invitation page's form: a password twice, then the same credentials sign-in as /login. */
export function AcceptInvitationForm({ token, email, minLength }: { token: string; email: string; minLength: number }) {
  const router = useRouter();
  return (
    <NewPasswordForm
      idPrefix="invite"
      email={email}
      minLength={minLength}
      submitLabel="Set password and sign in"
      send={(password) =>
        fetch(`/invite/${encodeURIComponent(token)}/accept`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password }) })
      }
      onSaved={async (password) => {
        const result = await signIn('credentials', { email, password, redirect: false });
        // The password is set; only the automatic sign-in failed.
        if (!result?.ok || result.error) return router.replace('/login');
        router.replace('/orders');
        router.refresh();
      }}
    />
  );
}
