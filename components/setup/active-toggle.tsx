'use client';
/**
 * Deactivate or reactivate a company, location or package (PATCH with `isActive`), after a
 * confirmation that says what it means. Nothing is deleted.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { apiFetch, errorMessage } from '@/components/ui/api';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useAfterSave } from './form-kit';

const CONSEQUENCES = {
  company: { off: 'It is no longer listed and no order can be placed for it. Its orders stay readable.', on: 'It is listed again and orders can be placed for it.' },
  location: { off: 'It is no longer listed and no order can be placed there. Its orders stay readable.', on: 'It is listed again and orders can be placed there.' },
  package: { off: 'It can no longer be ordered. Orders already placed keep it.', on: 'It can be ordered again.' },
} as const;

const PATHS = { company: 'companies', location: 'locations', package: 'packages' } as const;

export function ActiveToggle({ kind, id, name, isActive }: { kind: 'company' | 'location' | 'package'; id: string; name: string; isActive: boolean }) {
  const [open, setOpen] = useState(false);
  const afterSave = useAfterSave();
  const mutation = useMutation({
    mutationFn: async () => apiFetch(`/api/v2/${PATHS[kind]}/${encodeURIComponent(id)}`, { method: 'PATCH', body: { isActive: !isActive } }),
    onSuccess: () => {
      setOpen(false);
      afterSave(`${name} ${isActive ? 'deactivated' : 'reactivated'}`);
    },
  });
  const verb = isActive ? 'Deactivate' : 'Reactivate';
  return (
    <>
      <Button variant={isActive ? 'secondary' : 'primary'} size="sm" onClick={() => setOpen(true)}>
        {verb} {kind}
      </Button>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
          mutation.reset();
        }}
        title={`${verb} ${name}?`}
        description={CONSEQUENCES[kind][isActive ? 'off' : 'on']}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Keep it {isActive ? 'active' : 'inactive'}
            </Button>
            <Button variant={isActive ? 'danger' : 'primary'} loading={mutation.isPending} onClick={() => mutation.mutate()}>
              {verb}
            </Button>
          </>
        }
      >
        {mutation.isError ? (
          <Alert tone="danger" title={`The ${kind} was not ${isActive ? 'deactivated' : 'reactivated'}`}>
            {errorMessage(mutation.error)}
          </Alert>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">Nothing is deleted; you can undo this later.</p>
        )}
      </Dialog>
    </>
  );
}

