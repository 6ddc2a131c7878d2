'use client';
/**
 * Deactivate or reactivate an employee (PATCH /api/v2/employees/{id} with `status`), after a
 * confirmation that says what it means: an inactive employee leaves every random pool from the next
 * draw on; nothing is deleted and their orders and draws stay on file.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { apiFetch, errorMessage } from '@/components/ui/api';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useAfterSave } from '@/components/setup/form-kit';
import { employeeKeys } from './keys';

export function EmployeeStatusToggle({ id, name, active }: { id: string; name: string; active: boolean }) {
  const [open, setOpen] = useState(false);
  const afterSave = useAfterSave();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async () => apiFetch(`/api/v2/employees/${encodeURIComponent(id)}`, { method: 'PATCH', body: { status: active ? 'inactive' : 'active' } }),
    onSuccess: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: employeeKeys.all });
      afterSave(`${name} ${active ? 'deactivated' : 'reactivated'}`);
    },
  });
  const verb = active ? 'Deactivate' : 'Reactivate';
  return (
    <>
      <Button variant={active ? 'secondary' : 'primary'} size="sm" onClick={() => setOpen(true)}>
        {verb} employee
      </Button>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
          mutation.reset();
        }}
        title={`${verb} ${name}?`}
        description={
          active
            ? 'Their coverage ends today: they are in no random draw from now on. Their orders, draws and selections stay on file.'
            : 'Their coverage starts again today: they are in the random pools that cover them from the next draw.'
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Keep them {active ? 'active' : 'inactive'}
            </Button>
            <Button variant={active ? 'danger' : 'primary'} loading={mutation.isPending} onClick={() => mutation.mutate()}>
              {verb}
            </Button>
          </>
        }
      >
        {mutation.isError ? (
          <Alert tone="danger" title={`The employee was not ${active ? 'deactivated' : 'reactivated'}`}>
            {errorMessage(mutation.error)}
          </Alert>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">Nothing is deleted; you can undo this later.</p>
        )}
      </Dialog>
    </>
  );
}
