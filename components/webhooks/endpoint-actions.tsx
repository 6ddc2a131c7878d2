'use client';
/**
 * What a tenant-wide webhook admin does to an endpoint: edit it, disable or enable it
 * (PATCH `status`), and rotate its secret (POST .../secret-rotation) after a confirmation, which
 * shows the new secret once and until when the previous one signs too.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch, errorMessage } from '@/components/ui/api';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { EndpointFormDialog } from './endpoint-form';
import { endpointPath, invalidateEndpoints, type CompanyChoice, type CreatedWebhookEndpoint, type Endpoint, type EventTypeChoice } from './endpoints-api';
import { SecretDialog, type ShownSecret } from './secret-dialog';

export function EndpointActions({
  endpoint,
  eventTypes,
  companies,
}: {
  endpoint: Endpoint;
  eventTypes: readonly EventTypeChoice[];
  companies: readonly CompanyChoice[];
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState<'rotate' | 'disable' | null>(null);
  const [shown, setShown] = useState<ShownSecret | null>(null);

  const setStatus = useMutation({
    mutationFn: async (status: Endpoint['status']) => (await apiFetch<Endpoint>(endpointPath(endpoint.id), { method: 'PATCH', body: { status } })).data,
    onSuccess: (saved) => {
      setConfirm(null);
      void invalidateEndpoints(queryClient);
      toast.success(saved.status === 'enabled' ? 'Endpoint enabled' : 'Endpoint disabled', saved.status === 'enabled' ? 'New events are sent to it again.' : 'No events are sent to it until it is enabled.');
    },
    onError: (error) => toast.error('The endpoint was not changed', errorMessage(error)),
  });
  const rotate = useMutation({
    mutationFn: async () => (await apiFetch<CreatedWebhookEndpoint>(endpointPath(endpoint.id, '/secret-rotation'), { method: 'POST' })).data,
    onSuccess: (rotated) => {
      setConfirm(null);
      setShown({ endpoint: rotated, reason: 'rotated' });
      void invalidateEndpoints(queryClient);
    },
    onError: (error) => toast.error('The secret was not rotated', errorMessage(error)),
  });

  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => setEditing(true)} aria-label={`Edit endpoint ${endpoint.url}`}>
          Edit
        </Button>
        {endpoint.status === 'enabled' ? (
          <Button variant="secondary" size="sm" onClick={() => setConfirm('disable')} aria-label={`Disable endpoint ${endpoint.url}`}>
            Disable
          </Button>
        ) : (
          <Button variant="secondary" size="sm" loading={setStatus.isPending} onClick={() => setStatus.mutate('enabled')} aria-label={`Enable endpoint ${endpoint.url}`}>
            Enable
          </Button>
        )}
        <Button variant="secondary" size="sm" onClick={() => setConfirm('rotate')} aria-label={`Rotate the secret of endpoint ${endpoint.url}`}>
          Rotate secret
        </Button>
      </div>

      <EndpointFormDialog open={editing} endpoint={endpoint} eventTypes={eventTypes} companies={companies} onClose={() => setEditing(false)} />
      <SecretDialog shown={shown} onClose={() => setShown(null)} />
      {confirm === 'rotate' ? (
        <Dialog
          open
          onClose={() => setConfirm(null)}
          title="Rotate this endpoint's secret?"
          description={`A new secret signs every delivery to ${endpoint.url} from now on. For 24 hours the current one signs too (a second signature), so the receiver can switch without rejecting anything.`}
          footer={
            <>
              <Button variant="secondary" onClick={() => setConfirm(null)}>
                Keep current secret
              </Button>
              <Button variant="danger" loading={rotate.isPending} onClick={() => rotate.mutate()}>
                Rotate secret
              </Button>
            </>
          }
        />
      ) : null}
      {confirm === 'disable' ? (
        <Dialog
          open
          onClose={() => setConfirm(null)}
          title="Disable this endpoint?"
          description={`No events are sent to ${endpoint.url} while it is disabled. After enabling it again, "Recover" sends what it missed.`}
          footer={
            <>
              <Button variant="secondary" onClick={() => setConfirm(null)}>
                Keep it enabled
              </Button>
              <Button variant="danger" loading={setStatus.isPending} onClick={() => setStatus.mutate('disabled')}>
                Disable endpoint
              </Button>
            </>
          }
        />
      ) : null}
    </>
  );
}
