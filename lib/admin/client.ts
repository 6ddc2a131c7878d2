/**
 * Client side of the admin channel (see channel.ts): used by the CLI when the server holds the
 * embedded database.
 */
import fs from 'node:fs';
import type { LockOwner } from '@/lib/db/pglite-lock';
import { ADMIN_KEY_HEADER, ADMIN_PATH, adminKeyFileOf, type AdminRequest } from './channel';

/** The server answered with an error: `status` 4xx is the caller's fault. */
export class AdminChannelError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function callAdminChannel(pgliteDataDir: string, owner: LockOwner & { port: number }, request: AdminRequest): Promise<unknown> {
  const keyFile = adminKeyFileOf(pgliteDataDir);
  let key: string;
  try {
    key = fs.readFileSync(keyFile, 'utf8').trim();
  } catch (error) {
    throw new Error(
      `The server (process ${owner.pid}, port ${owner.port}) holds the database, but its admin key ${keyFile} ` +
        `cannot be read (${(error as NodeJS.ErrnoException).code}); run the CLI as the user who runs the server.`,
    );
  }
  const url = `http://127.0.0.1:${owner.port}${ADMIN_PATH}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [ADMIN_KEY_HEADER]: key },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(120_000),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new Error(`The server (process ${owner.pid}) holds the database but does not answer at ${url} (${cause}).`);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AdminChannelError(`The server answered ${response.status} with something else than JSON at ${url}.`, 502);
  }
  if (!response.ok) {
    const message = (body as { error?: unknown })?.error;
    throw new AdminChannelError(typeof message === 'string' ? message : `The server answered ${response.status}.`, response.status);
  }
  return body;
}
