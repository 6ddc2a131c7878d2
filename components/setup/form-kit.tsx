'use client';
/**
 * What the company, location and package forms share: form values to an API body (blank text is
 * "not given"), the server's errors on the controls their `source.pointer` names, the address
 * controls, and the dialog frame with its error summary.
 */
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import type { FieldValues, Path, Resolver, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { ApiError, apiFetch, errorMessage, type ApiErrorEntry } from '@/components/ui/api';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { describedBy, Field, Input } from '@/components/ui/field';
import { plainResolver } from '@/components/ui/form-resolver';
import { useToast } from '@/components/ui/toast';
import { plainWords } from '@/lib/domain/issue-words';

/**
 * Blank text and empty numbers become `blank` (undefined on create: "not given"; null on change:
 * "clear it"), recursively; an object whose members are all blank becomes `blank` too.
 */
export function cleanValues(value: unknown, blank: undefined | null, keep: ReadonlySet<string> = new Set(), key = ''): unknown {
  if (typeof value === 'string') return value.trim() === '' ? blank : value.trim();
  if (typeof value === 'number') return Number.isNaN(value) ? blank : value;
  if (Array.isArray(value)) return value.map((v) => cleanValues(v, undefined));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => [k, cleanValues(v, blank, keep, k)] as const);
    const meaningful = entries.filter(([k, v]) => v !== undefined && v !== null && !keep.has(`${key}.${k}`));
    if (key && meaningful.length === 0) return blank;
    return Object.fromEntries(entries.filter(([, v]) => v !== undefined));
  }
  return value;
}

/** A resolver validating with the API's own schema the body that `toBody` makes of the form's values. */
export function bodyResolver<V extends FieldValues, O>(schema: z.ZodType<O>, toBody: (values: V) => unknown): Resolver<V, unknown, O> {
  const wrapped = z.preprocess((values) => toBody(values as V), schema) as unknown as z.ZodType<O, V>;
  return plainResolver(wrapped);
}

/** `/address/postalCode` -> `address.postalCode`, or the nearest control the form has. */
export function pointerToControl(pointer: string, controls: readonly string[]): string | null {
  const path = pointer.replace(/^\//, '').split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  for (let n = path.length; n > 0; n--) {
    const name = path.slice(0, n).join('.');
    if (controls.includes(name)) return name;
  }
  return null;
}

/**
 * A create or change request from a form: 2xx runs `onDone`; the error entries land on the
 * controls their pointers name (the first one focused), the rest in the dialog's summary.
 */
export function useSetupRequest<V extends FieldValues, O, T>({
  form,
  controls,
  request,
  onDone,
}: {
  form: UseFormReturn<V, unknown, O>;
  controls: readonly string[];
  request: (body: unknown) => { path: string; method: 'POST' | 'PATCH' };
  onDone: (data: T) => void;
}) {
  const [unplaced, setUnplaced] = useState<ApiErrorEntry[]>([]);
  const summary = useRef<HTMLDivElement>(null);
  const mutation = useMutation({
    mutationFn: async (body: unknown) => {
      const { path, method } = request(body);
      return (await apiFetch<T>(path, { method, body })).data;
    },
    onSuccess: (data) => {
      setUnplaced([]);
      onDone(data);
    },
    onError: (error) => {
      const entries = error instanceof ApiError ? error.entries : [{ code: 'internalError' as const, detail: errorMessage(error) }];
      const rest: ApiErrorEntry[] = [];
      let first: string | null = null;
      for (const entry of entries) {
        const control = entry.source?.pointer ? pointerToControl(entry.source.pointer, controls) : null;
        if (control) {
          form.setError(control as Path<V>, { type: 'server', message: entry.detail });
          first ??= control;
        } else rest.push(error instanceof ApiError && error.status === 403 ? { ...entry, detail: errorMessage(error) } : entry);
      }
      setUnplaced(rest);
      if (first && rest.length === 0) form.setFocus(first as Path<V>);
      else requestAnimationFrame(() => summary.current?.focus());
    },
  });
  return { mutation, unplaced, clearUnplaced: () => setUnplaced([]), summary };
}

/**
 * A create-or-edit dialog of a resource: its open state, the request (PATCH the existing one, else POST
 * to `collection`), and after a save: close, empty a create form, say so, and go to a new resource's
 * page (an edit refreshes the page it is on). `dialog` is what FormDialog takes.
 */
export function useResourceDialog<V extends FieldValues, O, T extends { id: string }>({
  form,
  controls,
  collection,
  existingId,
  savedTitle,
  pageOf,
  onSaved,
}: {
  form: UseFormReturn<V, unknown, O>;
  controls: readonly string[];
  /** e.g. `/api/v2/companies`; the existing resource is `<collection>/<id>`. */
  collection: string;
  existingId: string | undefined;
  /** The toast's words, e.g. `Acme saved` or `Acme created`. */
  savedTitle: (saved: T, created: boolean) => string;
  /** A new resource's page in the dashboard. */
  pageOf: (saved: T) => string;
  onSaved?: (saved: T) => void;
}) {
  const [open, setOpen] = useState(false);
  const afterSave = useAfterSave();
  const { mutation, unplaced, clearUnplaced, summary } = useSetupRequest<V, O, T>({
    form,
    controls,
    request: () => (existingId ? { path: `${collection}/${encodeURIComponent(existingId)}`, method: 'PATCH' } : { path: collection, method: 'POST' }),
    onDone: (saved) => {
      setOpen(false);
      if (!existingId) form.reset();
      onSaved?.(saved);
      afterSave(savedTitle(saved, !existingId), existingId ? undefined : pageOf(saved));
    },
  });
  const dialog = {
    open,
    setOpen: (next: boolean) => {
      setOpen(next);
      if (!next) clearUnplaced();
    },
    pending: mutation.isPending,
    onSubmit: form.handleSubmit((body) => mutation.mutate(body)),
  };
  return { open, mutation, unplaced, summary, dialog };
}

/** The errors no control shows, above the form; focusable so that the focus can go there. */
export function ErrorSummary({ entries, summaryRef }: { entries: ApiErrorEntry[]; summaryRef: RefObject<HTMLDivElement | null> }) {
  return (
    <div ref={summaryRef} tabIndex={-1} className="outline-none">
      {entries.length ? (
        <Alert tone="danger" title="The changes were not saved">
          <ul className="list-disc pl-5">
            {entries.map((e, i) => (
              <li key={i}>{e.detail}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </div>
  );
}

/** A dialog holding a form: the trigger button, the fields, Cancel and the submit button. */
export function FormDialog({
  trigger,
  triggerVariant = 'primary',
  title,
  description,
  submitLabel,
  open,
  setOpen,
  pending,
  onSubmit,
  formLabel,
  className,
  children,
}: {
  trigger: ReactNode;
  triggerVariant?: 'primary' | 'secondary';
  title: string;
  description?: string;
  submitLabel: string;
  open: boolean;
  setOpen: (open: boolean) => void;
  pending: boolean;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  formLabel: string;
  className?: string;
  children: ReactNode;
}) {
  const formId = `${formLabel.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-form`;
  return (
    <>
      <Button variant={triggerVariant} size="sm" onClick={() => setOpen(true)}>
        {trigger}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        description={description}
        className={className ?? 'max-w-2xl'}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" form={formId} loading={pending}>
              {submitLabel}
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={onSubmit} noValidate aria-label={formLabel} className="flex max-h-[65vh] flex-col gap-4 overflow-y-auto px-0.5 pb-1">
          {children}
        </form>
      </Dialog>
    </>
  );
}

/** Text control registered under `name`, with its label and error. */
export function TextField<V extends FieldValues, O>({
  form,
  name,
  label,
  required,
  hint,
  type = 'text',
  autoComplete,
  inputMode,
  className,
  idPrefix,
}: {
  form: UseFormReturn<V, unknown, O>;
  name: Path<V>;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  type?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel';
  className?: string;
  idPrefix: string;
}) {
  const f = form;
  const id = `${idPrefix}-${name.replace(/\./g, '-')}`;
  const error = errorAt(f.formState.errors, name);
  return (
    <Field label={label} htmlFor={id} required={required} hint={hint} error={error} className={className}>
      <Input id={id} type={type} autoComplete={autoComplete} inputMode={inputMode} invalid={Boolean(error)} aria-describedby={describedBy(id, error, hint)} aria-required={required || undefined} {...f.register(name)} />
    </Field>
  );
}

/** The message of the error at a dotted path of react-hook-form's error tree, in plain words (lib/domain/issue-words.ts). */
export function errorAt(errors: unknown, name: string): string | undefined {
  let node = errors as Record<string, unknown> | undefined;
  for (const part of name.split('.')) node = node?.[part] as Record<string, unknown> | undefined;
  const message = (node as { message?: unknown } | undefined)?.message ?? (node as { root?: { message?: unknown } } | undefined)?.root?.message;
  return typeof message === 'string' ? plainWords(message) : undefined;
}

/** Street, city, state, ZIP code and country of `address`. */
export function AddressFields<V extends FieldValues, O>({
  form,
  idPrefix,
  required,
}: {
  form: UseFormReturn<V, unknown, O>;
  idPrefix: string;
  required: boolean;
}) {
  const field = (name: string) => `address.${name}` as Path<V>;
  return (
    <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-6">
      <legend className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">Address{required ? '' : ' (optional)'}</legend>
      <TextField form={form} idPrefix={idPrefix} name={field('line1')} label="Street" required={required} autoComplete="address-line1" className="sm:col-span-6" />
      <TextField form={form} idPrefix={idPrefix} name={field('line2')} label="Suite, unit" autoComplete="address-line2" className="sm:col-span-6" />
      <TextField form={form} idPrefix={idPrefix} name={field('city')} label="City" required={required} autoComplete="address-level2" className="sm:col-span-3" />
      <TextField form={form} idPrefix={idPrefix} name={field('state')} label="State" required={required} autoComplete="address-level1" className="sm:col-span-1" />
      <TextField form={form} idPrefix={idPrefix} name={field('postalCode')} label="ZIP code" required={required} autoComplete="postal-code" inputMode="numeric" className="sm:col-span-2" />
      <TextField form={form} idPrefix={idPrefix} name={field('country')} label="Country" required={required} autoComplete="country" hint="Two letters, e.g. US" className="sm:col-span-2" />
    </fieldset>
  );
}

export interface AddressValues {
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export function addressValues(address: { line1: string | null; line2: string | null; city: string | null; state: string | null; postalCode: string | null; country: string | null } | null): AddressValues {
  return {
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    postalCode: address?.postalCode ?? '',
    country: address?.country ?? 'US',
  };
}

export const ADDRESS_CONTROLS = ['address', 'address.line1', 'address.line2', 'address.city', 'address.state', 'address.postalCode', 'address.country'] as const;

/** After a change: a toast and the server-rendered page read again. */
export function useAfterSave() {
  const router = useRouter();
  const toast = useToast();
  return (title: string, href?: string) => {
    toast.success(title);
    if (href) router.push(href);
    else router.refresh();
  };
}
