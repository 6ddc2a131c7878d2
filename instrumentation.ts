/**
 * Next.js start-up hook. In the Node.js runtime (never during `next build`, which Next.js skips),
 * open the database — migrations and the seed of an empty database run at boot, not at the first
 * request — open the admin channel of the CLI when the database is embedded (lib/admin/server.ts), and
 * start the background work (webhook delivery, staging sandbox).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startServer } = await import('@/lib/admin/server');
    await startServer();
    // Webhook delivery and, in staging, the sandbox simulator run inside the server by default.
    const { startBackgroundWork } = await import('@/lib/worker');
    startBackgroundWork();
  }
}
