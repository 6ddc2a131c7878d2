'use client';
/**
 * "Order" and "Order all": how the pass reaches the selected people (as create-order: e-mail, text
 * message, or none when the employer hands it over) and, optionally, a location other than each
 * employee's own. The rest comes from the employee and the pool's package
 * (POST /api/v2/random-selections/{id}/order, one order per selection).
 */
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Select } from '@/components/ui/field';

export type Delivery = 'email' | 'sms' | 'none';
export interface OrderChoice {
  delivery: Delivery;
  locationId: string;
}

const DELIVERIES: Array<{ value: Delivery; label: string }> = [
  { value: 'email', label: "E-mail the pass to the employee's address" },
  { value: 'sms', label: "Text the pass to the employee's mobile phone" },
  { value: 'none', label: 'No message: you hand the pass over yourself' },
];

export function OrderDialog({
  trigger,
  triggerLabel,
  title,
  description,
  primary = true,
  pending,
  locations,
  onOrder,
}: {
  trigger: string;
  triggerLabel?: string;
  title: string;
  description: string;
  primary?: boolean;
  pending: boolean;
  locations: Array<{ id: string; name: string }>;
  onOrder: (choice: OrderChoice) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [delivery, setDelivery] = useState<Delivery>('email');
  const [locationId, setLocationId] = useState('');
  return (
    <>
      <Button variant={primary ? 'primary' : 'secondary'} size="sm" loading={pending} onClick={() => setOpen(true)} aria-label={triggerLabel}>
        {trigger}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        description={description}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                setOpen(false);
                onOrder({ delivery, locationId });
              }}
            >
              Place the order
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">How the pass reaches them</legend>
            <div className="flex flex-col gap-2">
              {DELIVERIES.map((d) => (
                <label key={d.value} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
                  <input type="radio" name={`${id}-delivery`} value={d.value} checked={delivery === d.value} onChange={() => setDelivery(d.value)} className="h-4 w-4 border-slate-300 text-brand-600 dark:border-slate-600" />
                  {d.label}
                </label>
              ))}
            </div>
          </fieldset>
          <Field label="Location" htmlFor={`${id}-location`} hint="Where the order is placed from; by default each employee's own.">
            <Select id={`${id}-location`} value={locationId} aria-describedby={`${id}-location-hint`} onChange={(e) => setLocationId(e.target.value)}>
              <option value="">The employee&apos;s location</option>
              {locations.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      </Dialog>
    </>
  );
}
