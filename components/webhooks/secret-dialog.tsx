'use client';
/**
 * An endpoint's signing secret, shown once: right after "Add endpoint" and after "Rotate secret"
 * (the only answers that carry it). After a rotation it says until when the previous secret signs
 * too, in the user's zone.
 */
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog } from '@/components/ui/dialog';
import { OverlapWords } from './endpoint-words';
import type { CreatedWebhookEndpoint } from './endpoints-api';

export interface ShownSecret {
  endpoint: CreatedWebhookEndpoint;
  /** `created`: the endpoint is new; `rotated`: the secret replaced another. */
  reason: 'created' | 'rotated';
}

export function SecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  const endpoint = shown?.endpoint;
  return (
    <Dialog
      open={shown !== null}
      onClose={onClose}
      title={shown?.reason === 'rotated' ? 'New signing secret' : 'Endpoint added'}
      description={endpoint?.url}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      {endpoint ? (
        <div className="flex flex-col gap-3">
          <Alert tone="warning" title="Shown this once">
            Copy the secret now and give it to the receiver at {endpoint.url}: it verifies every delivery with it, and it is not shown again.
          </Alert>
          <label htmlFor="endpoint-secret" className="text-sm font-medium text-slate-700 dark:text-slate-200">
            Signing secret
          </label>
          <div className="flex items-center gap-2">
            <input
              id="endpoint-secret"
              data-testid="endpoint-secret"
              readOnly
              value={endpoint.secret}
              onFocus={(e) => e.currentTarget.select()}
              className="h-9 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-xs text-slate-800 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
            />
            <CopyButton value={endpoint.secret} label="Copy secret" />
          </div>
          {shown?.reason === 'rotated' ? (
            <p className="text-sm text-slate-700 dark:text-slate-200">
              <OverlapWords until={endpoint.previousSecretExpiresAt} /> Meanwhile every delivery carries two signatures, one per secret: switch the receiver to the new one before then.
            </p>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
