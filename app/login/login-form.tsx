'use client';
import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';

interface Demo {
  password: string;
  users: Array<{ role: string; email: string; tenant: string }>;
}

export function LoginForm({ next, demo }: { next: string; demo: Demo | null }) {
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // redirect: false — we navigate by a relative path ourselves, whatever NEXTAUTH_URL says.
      const result = await signIn('credentials', { email, password, redirect: false });
      if (!result || result.error || !result.ok) {
        setError(
          result?.status === 429
            ? 'Too many sign-in attempts. Wait a few minutes and try again.'
            : result?.status === 401 || result?.error === 'CredentialsSignin'
              ? 'The e-mail or password is incorrect.'
              : 'Sign-in failed. Try again in a moment.',
        );
        setBusy(false);
        return;
      }
      router.replace(next);
      router.refresh();
    } catch {
      setError('Sign-in failed. Check your connection and try again.');
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <Field label="E-mail" htmlFor="email">
          <Input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            required
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        <Field label="Password" htmlFor="password">
          <Input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <Button type="submit" loading={busy} disabled={!email || !password} className="mt-2 w-full">
          Sign in
        </Button>
      </form>

      {demo ? (
        <div className="border-t border-slate-200 pt-5 dark:border-slate-800">
          <p className="text-xs font-semibold uppercase tracking-wider text-slate-500 dark:text-slate-400">Demo accounts (staging)</p>
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            Password <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-slate-700 dark:bg-slate-800 dark:text-slate-200">{demo.password}</code>. Choose one to fill in the form.
          </p>
          <ul className="mt-3 grid grid-cols-1 gap-1.5 sm:grid-cols-2">
            {demo.users.map((u) => (
              <li key={u.email}>
                <button
                  type="button"
                  onClick={() => {
                    setEmail(u.email);
                    setPassword(demo.password);
                    setError(null);
                  }}
                  className="flex w-full flex-col items-start rounded-lg border border-slate-200 px-3 py-2 text-left hover:border-brand-300 hover:bg-brand-50/50 dark:border-slate-700 dark:hover:border-brand-500/50 dark:hover:bg-brand-500/10"
                >
                  <span className="text-sm font-medium capitalize text-slate-900 dark:text-white">{u.role}</span>
                  <span className="w-full truncate text-xs text-slate-500 dark:text-slate-400">{u.email}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
