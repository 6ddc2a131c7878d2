/**
 * Next.js start-up hook: the composition root of a server process. In the Node.js runtime (never
 * during `next build`, which Next.js skips): check the environment and build the process's runtime
 * (lib/start-up.ts: a bad or missing variable stops the server with one line on stderr before it
 * answers anything; other code's console lines pass through the log's describer), open, migrate and
 * seed the database (the demo data when an embedded or staging database is empty) — at boot, not at
 * the first request — open the admin channel of the CLI when the database is embedded
 * (lib/admin/server.ts), and start the background work (webhook delivery, staging sandbox).
 */
export async function register(): Promise<void> {
  // NEXT_RUNTIME is no setting of ours: Next.js writes it into each bundle, and only written out
  // like this does the edge bundle of this hook drop the Node.js branch below.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startProcess } = await import('@/lib/start-up');
    startProcess('server', 'Cannot start', { redactConsole: true });
    const { startServer } = await import('@/lib/admin/server');
    await startServer();
    // Webhook delivery and, in staging, the sandbox simulator run inside the server by default.
    const { startBackgroundWork } = await import('@/lib/background');
    startBackgroundWork();
  }
}
