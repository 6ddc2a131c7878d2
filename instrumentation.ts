/**
 * Next.js start-up hook. In the Node.js runtime (never during `next build`, which Next.js skips),
 * open the database — migrations and the seed of an empty database run at boot, not at the first
 * request — and open the admin channel of the CLI when the database is embedded (lib/admin).
 * A server that cannot open its database exits with the reason rather than answer 500 to everything.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startServerDatabase } = await import('@/lib/admin/server');
  try {
    await startServerDatabase({ port: Number(process.env.PORT ?? 3000) });
  } catch (error) {
    console.error(`Cannot start: the database did not open. ${error instanceof Error ? error.message : String(error)}`);
    if (process.env.DEBUG && error instanceof Error) console.error(error.stack);
    process.exit(1);
  }
}
