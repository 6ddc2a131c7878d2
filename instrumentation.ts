/**
 * Next.js start-up hook. In the Node.js runtime (never during `next build`, which Next.js skips),
 * check the environment first (lib/config/env.ts: a bad or missing variable stops the server with
 * one line on stderr before it answers anything), open the database — migrations and the seed of
 * an empty database run at boot, not at the first request — open the admin channel of the CLI
 * when the database is embedded (lib/admin/server.ts), and start the background work (webhook
 * delivery, staging sandbox).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // Next.js's and the libraries' own error lines through the one describer (lib/log.ts).
    const { installConsoleRedaction } = await import('@/lib/log');
    installConsoleRedaction();
    const { checkEnvironmentOrExit } = await import('@/lib/config/env');
    checkEnvironmentOrExit('server', 'Cannot start');
    const { startServer } = await import('@/lib/admin/server');
    await startServer();
    // Webhook delivery and, in staging, the sandbox simulator run inside the server by default.
    const { startBackgroundWork } = await import('@/lib/background');
    startBackgroundWork();
  }
}
