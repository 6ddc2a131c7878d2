import { operations } from '@/lib/api/operations';
import { readDocumentContent } from '@/lib/domain/documents/queries';
import { methods, operation } from '@/lib/http/route';

/**
 * `filename` as plain ASCII, and `filename*` (RFC 6266 / 5987) for the rest, of the
 * representation's name (serialize.ts: no invisible characters, its content type's extension).
 * `'()*` are percent-encoded too: encodeURIComponent leaves them, and RFC 5987 does not allow them.
 */
function disposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The parts as they came from the database, without copying them into one buffer first. */
function bodyOf(parts: Uint8Array[]): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next < parts.length) controller.enqueue(parts[next++]);
      else controller.close();
    },
  });
}

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: operation({
    ...operations.getDocumentContent,
    handler: async ({ ctx, params, query, request }) => {
      const { document, body, size } = await readDocumentContent(ctx, params.id);
      const etag = `"${document.sha256}"`;
      const headers = {
        'Content-Type': document.contentType,
        'Content-Disposition': disposition(query.download === 'true' ? 'attachment' : 'inline', document.fileName),
        ETag: etag,
        'Cache-Control': 'private, no-cache',
        'X-Content-Type-Options': 'nosniff',
      };
      const match = request.headers.get('if-none-match');
      if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        // An object store's stream is not read: let it go.
        if (!Array.isArray(body)) await body.cancel();
        return new Response(null, { status: 304, headers });
      }
      // The object store's stream as it comes (lib/domain/document-store.ts checks its SHA-256 on the way).
      return new Response(Array.isArray(body) ? bodyOf(body) : body, { status: 200, headers: { ...headers, 'Content-Length': String(size) } });
    },
  }),
});
