'use client';
/**
 * "Excuse" a selection (POST /api/v2/random-selections/{id}/excuse): the reasons DOT accepts, and
 * the ones employers ask for that it does not (the API refuses those with a detail that says why,
 * shown at the reason). The next alternate in rank order replaces an excused selection.
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { ApiError, apiFetch, errorMessage } from '@/components/ui/api';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { describedBy, Field, Select, Textarea } from '@/components/ui/field';
import { EXCUSE_REASONS, type ExcuseReason } from '@/lib/domain/random/schemas';
import type { RandomSelection } from './types';

/** The words of the reasons DOT accepts (the API's EXCUSE_REASONS; `notOnDutyForAlcohol` for alcohol only). */
const REASON_LABELS: Record<ExcuseReason, string> = {
  longTermAbsence: 'Long-term absence (not expected back this period)',
  layoff: 'Laid off',
  medicalLeave: 'Extended medical leave',
  terminated: 'No longer employed',
  notOnDutyForAlcohol: 'Not on duty in the period (alcohol tests only)',
};
/** Asked for, refused by DOT: listed so that the refusal and its reason are seen where one looks. */
const REFUSED_REASONS = [
  { value: 'operational', label: 'Operational needs (cannot be spared)' },
  { value: 'busy', label: 'Too busy this period' },
];

export function ExcuseDialog({ selection, name, onDone }: { selection: RandomSelection; name: string; onDone: () => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const excuse = useMutation({
    mutationFn: () => apiFetch(`/api/v2/random-selections/${encodeURIComponent(selection.id)}/excuse`, { method: 'POST', body: { reason, note: note.trim() || undefined } }),
    onSuccess: () => {
      setOpen(false);
      onDone();
    },
  });
  const close = () => {
    setOpen(false);
    excuse.reset();
  };
  const entries = excuse.error instanceof ApiError ? excuse.error.entries : [];
  const reasonError = entries.find((e) => e.source?.pointer === '/reason')?.detail;
  const noteError = entries.find((e) => e.source?.pointer === '/note')?.detail;
  const otherError = excuse.error && !reasonError && !noteError ? errorMessage(excuse.error) : null;
  const reasons = EXCUSE_REASONS.filter((r) => r !== 'notOnDutyForAlcohol' || selection.kind === 'alcohol').map((r) => ({ value: r, label: REASON_LABELS[r] }));
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Excuse
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title={`Excuse ${name}`}
        description="Only for a reason DOT accepts. The next alternate in rank order is selected in their place."
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button loading={excuse.isPending} disabled={!reason} onClick={() => excuse.mutate()}>
              Excuse
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          <Field label="Reason" htmlFor={`${id}-reason`} error={reasonError} required>
            <Select
              id={`${id}-reason`}
              value={reason}
              invalid={Boolean(reasonError)}
              aria-describedby={describedBy(`${id}-reason`, reasonError)}
              onChange={(e) => {
                setReason(e.target.value);
                excuse.reset();
              }}
            >
              <option value="">Choose a reason</option>
              <optgroup label="Reasons DOT accepts">
                {reasons.map((r) => (
                  <option key={r.value} value={r.value}>
                    {r.label}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Reasons DOT does not accept">
                {REFUSED_REASONS.map((r) => (
                  <option key={r.value} value={r.value}>
                    {r.label}
                  </option>
                ))}
              </optgroup>
            </Select>
          </Field>
          <Field label="Note" htmlFor={`${id}-note`} error={noteError} hint="Kept with the draw's record, e.g. the leave's dates">
            <Textarea id={`${id}-note`} rows={3} value={note} maxLength={1000} invalid={Boolean(noteError)} aria-describedby={describedBy(`${id}-note`, noteError, 'hint')} onChange={(e) => setNote(e.target.value)} />
          </Field>
          {otherError ? (
            <Alert tone="danger" title="The selection was not excused">
              {otherError}
            </Alert>
          ) : null}
        </div>
      </Dialog>
    </>
  );
}
