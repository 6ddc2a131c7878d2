'use client';
/**
 * "Draw": the current period of a pool (POST /api/v2/random-pools/{id}/draws), only once the user
 * confirms the roster is up to date (`rosterConfirmed`): the draw takes the roster as it is.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { ApiError, apiFetch, errorMessage } from '@/components/ui/api';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { randomKeys, type RandomDraw, type RandomPool } from './types';

export function DrawDialog({ pool }: { pool: RandomPool }) {
  const id = useId();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const draw = useMutation({
    mutationFn: async () => (await apiFetch<RandomDraw>(`/api/v2/random-pools/${encodeURIComponent(pool.id)}/draws`, { method: 'POST', body: { rosterConfirmed: confirmed } })).data,
    onSuccess: (made) => {
      void queryClient.invalidateQueries({ queryKey: randomKeys.all });
      router.push(`/random/draws/${made.id}`);
    },
  });
  const close = () => {
    setOpen(false);
    setConfirmed(false);
    setUnconfirmed(false);
    draw.reset();
  };
  // The API's own refusal of an unconfirmed draw is shown at the checkbox, like the form's.
  const rosterError = draw.error instanceof ApiError ? draw.error.entries.find((e) => e.source?.pointer === '/rosterConfirmed')?.detail : undefined;
  const otherError = draw.error && !rosterError ? errorMessage(draw.error) : null;
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        Draw
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title={`Draw ${pool.name}`}
        description="Draws the current period: the selections are made now from the pool's members as the roster stands, and cannot be redone."
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button
              loading={draw.isPending}
              onClick={() => {
                if (!confirmed) return setUnconfirmed(true);
                draw.mutate();
              }}
            >
              Draw now
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          <label className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-200">
            <input
              type="checkbox"
              checked={confirmed}
              onChange={(e) => {
                setConfirmed(e.target.checked);
                setUnconfirmed(false);
              }}
              aria-describedby={rosterError || unconfirmed ? `${id}-error` : `${id}-hint`}
              aria-invalid={rosterError || unconfirmed ? true : undefined}
              className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600 dark:border-slate-600"
            />
            <span>
              I confirm the roster is up to date
              <span id={`${id}-hint`} className="block text-xs text-slate-500 dark:text-slate-400">
                Everyone who joined is on it, everyone who left is inactive, and DOT coverage is right.
              </span>
            </span>
          </label>
          {rosterError || unconfirmed ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
              {rosterError ?? 'Confirm the roster is up to date first: the draw takes it as it is.'}
            </p>
          ) : null}
          {otherError ? (
            <Alert tone="danger" title="No draw was made">
              {otherError}
            </Alert>
          ) : null}
        </div>
      </Dialog>
    </>
  );
}
