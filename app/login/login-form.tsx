'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';

interface Demo {
  password: string;
  users: Array<{ role: string; email: string; tenant: string }>;
}

/**
 * A credentials sign-in as next-auth's client makes it (the CSRF token, then the form with
 * json=true), but reading the whole answer: a refusal's envelope says why and what helps (the
 * unlock link), which next-auth's signIn() reduces to a code.
 */
async function signInWithPassword(email: string, password: string): Promise<{ ok: true } | { ok: false; message: string; unlock: boolean }> {
  const { csrfToken } = (await (await fetch('/api/auth/csrf')).json()) as { csrfToken: string };
  // The browser's zone: the dashboard shows the user's times in it until they choose another (/account).
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  const response = await fetch('/api/auth/callback/credentials', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password, timeZone, csrfToken, callbackUrl: window.location.href, json: 'true' }),
  });
  const body = (await response.json().catch(() => ({}))) as { url?: string; errors?: Array<{ detail?: string; meta?: { unlock?: boolean } }> };
  if (response.ok && body.url && !new URL(body.url, window.location.href).searchParams.get('error')) return { ok: true };
  const refusal = body.errors?.[0];
  if (response.status === 429 || response.status === 503) return { ok: false, message: refusal?.detail ?? 'Sign-in is not possible right now. Try again in a moment.', unlock: !!refusal?.meta?.unlock };
  if (response.status === 401 || response.ok) return { ok: false, message: 'The e-mail or password is incorrect.', unlock: false };
  return { ok: false, message: 'Sign-in failed. Try again in a moment.', unlock: false };
}

export function LoginForm({ next, demo, notice }: { next: string; demo: Demo | null; notice?: 'unlocked' | 'reset' }) {
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [unlock, setUnlock] = useState<null | 'offer' | 'sending' | 'sent'>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setUnlock(null);
    try {
      const outcome = await signInWithPassword(email, password);
      if (outcome.ok) {
        router.replace(next);
        router.refresh();
        return;
      }
      setError(outcome.message);
      setUnlock(outcome.unlock ? 'offer' : null);
      setBusy(false);
    } catch {
      setError('Sign-in failed. Check your connection and try again.');
      setBusy(false);
    }
  }

  async function requestUnlock() {
    setUnlock('sending');
    const response = await fetch('/api/auth/unlock', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email }) }).catch(() => null);
    setUnlock(response?.ok ? 'sent' : 'offer');
    if (!response?.ok) setError('The unlock link could not be requested. Try again in a moment.');
  }

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {notice === 'unlocked' && !error ? <Alert tone="success">Sign-in is unlocked on this browser. Sign in with your password.</Alert> : null}
        {notice === 'reset' && !error ? <Alert tone="success">Your password is changed and you are signed out everywhere. Sign in with the new password.</Alert> : null}
        {error ? (
          <Alert tone="danger">
            {error}
            {unlock === 'offer' || unlock === 'sending' ? (
              <span className="mt-2 block">
                <Button type="button" variant="secondary" size="sm" loading={unlock === 'sending'} disabled={!email} onClick={() => void requestUnlock()}>
                  E-mail me an unlock link
                </Button>
              </span>
            ) : null}
          </Alert>
        ) : null}
        {unlock === 'sent' ? (
          <Alert tone="info">If {email} has an account, an e-mail with an unlock link is on its way. The link works for one hour, on the browser you open it in.</Alert>
        ) : null}
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
        <p className="text-center text-sm">
          <a href="/forgot-password" className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
            Forgot password?
          </a>
        </p>
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
