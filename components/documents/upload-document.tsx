'use client';
/**
 * Admins add a document to an order: the file goes to POST /api/v2/orders/{id}/documents as the
 * raw body with its own Content-Type (PDF, PNG or JPEG, up to 10 MiB), then the page refreshes.
 */
import { useRouter } from 'next/navigation';
import { useId, useRef, useState } from 'react';
import { DOCUMENT_CONTENT_TYPE_LIST, MAX_DOCUMENT_BYTES } from '@/lib/domain/documents/schemas';
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES, type DocumentType } from '@/lib/domain/contract/document-types';
import { Button } from '@/components/ui/button';

export function UploadDocument({ orderId }: { orderId: string }) {
  const router = useRouter();
  const id = useId();
  const file = useRef<HTMLInputElement>(null);
  const [type, setType] = useState<DocumentType>('mroLetter');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    if (!chosen) return setMessage({ tone: 'error', text: 'Choose a PDF, PNG or JPEG file.' });
    if (chosen.size > MAX_DOCUMENT_BYTES) return setMessage({ tone: 'error', text: 'The file is larger than 10 MiB.' });
    setBusy(true);
    setMessage(null);
    try {
      const query = new URLSearchParams({ type, fileName: chosen.name });
      const response = await fetch(`/api/v2/orders/${orderId}/documents?${query}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': chosen.type || 'application/octet-stream', Accept: 'application/json' },
        body: chosen,
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { errors?: Array<{ detail: string }> } | null;
        setMessage({ tone: 'error', text: body?.errors?.map((e) => e.detail).join(' ') ?? `The upload failed (${response.status}).` });
        return;
      }
      setMessage({ tone: 'success', text: `${chosen.name} added.` });
      if (file.current) file.current.value = '';
      router.refresh();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="mt-4 flex flex-col gap-3 border-t border-slate-200 pt-4 dark:border-slate-800" aria-label="Upload a document">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-type`} className="text-sm font-medium text-slate-700 dark:text-slate-200">
            Type
          </label>
          <select
            id={`${id}-type`}
            value={type}
            onChange={(e) => setType(e.target.value as DocumentType)}
            className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
          >
            {DOCUMENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {DOCUMENT_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-file`} className="text-sm font-medium text-slate-700 dark:text-slate-200">
            File (PDF, PNG or JPEG, up to 10 MiB)
          </label>
          <input
            id={`${id}-file`}
            ref={file}
            type="file"
            accept={DOCUMENT_CONTENT_TYPE_LIST.join(',')}
            className="text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium dark:text-slate-200 dark:file:bg-slate-800 dark:file:text-slate-100"
          />
        </div>
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" size="sm" loading={busy}>
          Upload
        </Button>
        <p role="status" aria-live="polite" className={message?.tone === 'error' ? 'text-sm text-red-700 dark:text-red-300' : 'text-sm text-emerald-700 dark:text-emerald-300'}>
          {message?.text}
        </p>
      </div>
    </form>
  );
}
