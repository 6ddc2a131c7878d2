/**
 * The admin channel: how the CLI reaches the server that holds the embedded database.
 *
 * PGlite allows one process per data directory (lib/db/pglite-lock.ts). While the server runs, it
 * holds the lock, records its port in the lock file and writes a random key into
 * `<DATA_DIR>/admin.key` (mode 0600, readable only by the user running the server). The CLI then
 * POSTs `{ command, args }` with that key to `http://127.0.0.1:<port>/api/internal/admin`, and the
 * server runs the command from lib/admin/commands.ts. With `DATABASE_URL` there is no lock and the
 * CLI opens PostgreSQL itself.
 */
import path from 'node:path';

export const ADMIN_PATH = '/api/internal/admin';
export const ADMIN_KEY_HEADER = 'X-Admin-Key';

/** The key file lives beside the PGlite data directory: `<DATA_DIR>/admin.key`. */
export function adminKeyFileOf(pgliteDataDir: string): string {
  return path.join(path.dirname(path.resolve(pgliteDataDir)), 'admin.key');
}

export interface AdminRequest {
  command: string;
  args: Record<string, string | boolean | undefined>;
}
