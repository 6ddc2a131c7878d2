'use client';
import { useQueryClient } from '@tanstack/react-query';
import { signOut } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/**
 * Ends the next-auth session (a CSRF-protected POST to /api/auth/signout), forgets every cached
 * query of this user, then goes to /login.
 */
export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  const router = useRouter();
  const queryClient = useQueryClient();
  return (
    <Button
      variant="ghost"
      size="sm"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await signOut({ redirect: false });
        } finally {
          queryClient.clear();
          router.replace('/login');
          router.refresh();
        }
      }}
    >
      Sign out
    </Button>
  );
}
