'use client';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { WebhookSecret } from '@/lib/api/representations';
import { apiFetch, errorMessage } from '@/components/ui/api';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';

/**
 * The tenant's signing secret (admins): hidden until revealed, copy, rotate with confirmation
 * (POST /api/v2/webhooks/secret/rotation, which answers the new secret: shown at once).
 */
export function SigningSecret({ secret: current }: { secret: string }) {
  // The answer's secret until the page, read again, shows its own (the same, or a newer one).
  const [rotated, setRotated] = useState<{ replacing: string; secret: string } | null>(null);
  const secret = rotated?.replacing === current ? rotated.secret : current;
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const router = useRouter();
  const toast = useToast();
  const rotate = useMutation({
    mutationFn: async () => (await apiFetch<WebhookSecret>('/api/v2/webhooks/secret/rotation', { method: 'POST' })).data,
    onSuccess: (result) => {
      setRotated({ replacing: current, secret: result.secret });
      toast.success('Signing secret rotated', 'Deliveries from now on are signed with the new secret.');
      setConfirming(false);
      setRevealed(true);
      router.refresh();
    },
    onError: (error) => toast.error('The secret was not rotated', errorMessage(error)),
  });
  const masked = `${secret.slice(0, 10)}${'•'.repeat(24)}`;

  return (
    <Card aria-labelledby="secret-title">
      <CardHeader id="secret-title" title="Signing secret" description="Signs the order callbacks of your tenant; each endpoint has its own." />
      <CardBody className="flex flex-col gap-3">
        <code data-testid="webhook-secret" className="block rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-800 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-200">
          {revealed ? secret : masked}
        </code>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setRevealed((r) => !r)} aria-pressed={revealed}>
            {revealed ? 'Hide' : 'Reveal'}
          </Button>
          <CopyButton value={secret} />
          <Button variant="danger" size="sm" onClick={() => setConfirming(true)} className="ml-auto">
            Rotate…
          </Button>
        </div>
      </CardBody>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Rotate the signing secret?"
        description="A new secret replaces this one at once. Receivers that verify signatures must switch to the new secret, or they will reject the next deliveries."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep current secret
            </Button>
            <Button variant="danger" loading={rotate.isPending} onClick={() => rotate.mutate()}>
              Rotate secret
            </Button>
          </>
        }
      />
    </Card>
  );
}
