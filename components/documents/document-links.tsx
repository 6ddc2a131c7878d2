/**
 * An order's documents as links that open the file in the browser (the content download, inline,
 * with the session cookie); each open is recorded in the order's audit trail.
 */
import type { Document } from '@/lib/api/representations';
import { DOCUMENT_TYPE_LABELS } from '@/lib/domain/contract/document-types';
import { cn } from '@/components/ui/cn';

const KIND: Record<string, string> = { 'application/pdf': 'PDF', 'image/png': 'PNG', 'image/jpeg': 'JPEG' };

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function documentLabel(d: Pick<Document, 'type'>): string {
  return DOCUMENT_TYPE_LABELS[d.type];
}

export function DocumentLinks({ documents, className, compact = false }: { documents: Document[]; className?: string; compact?: boolean }) {
  if (documents.length === 0) return <p className={cn('text-sm text-slate-500 dark:text-slate-400', className)}>No documents yet.</p>;
  return (
    <ul className={cn('flex flex-col gap-1.5', compact ? 'text-sm' : 'text-sm', className)} aria-label="Documents">
      {documents.map((d) => (
        <li key={d.id} className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          {d.purgedAt ? (
            <span className="text-slate-500 dark:text-slate-400">
              {documentLabel(d)} <span className="text-xs">(removed under the retention rule)</span>
            </span>
          ) : (
            <a
              href={d.contentUrl}
              target="_blank"
              rel="noopener"
              data-testid="document-link"
              data-document-type={d.type}
              className="font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:text-brand-300"
            >
              {documentLabel(d)}
              <span className="sr-only"> (opens {KIND[d.contentType] ?? 'the file'} in a new tab)</span>
            </a>
          )}
          {compact ? null : (
            <span className="text-xs text-slate-500 dark:text-slate-400">
              {KIND[d.contentType] ?? d.contentType} · {size(d.size)} · {d.fileName}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
