/**
 * Operator CLI: `npm run --silent cli -- help`. The commands live in lib/admin/commands.ts; this
 * entry point only runs them (lib/admin/cli.ts) and exits with their code.
 */
import { main } from '@/lib/admin/cli';
import { startProcess } from '@/lib/start-up';

// In the CLI's error format (`error: ...`, exit code 1), before any command runs.
startProcess('cli', 'error');
const code = await main(process.argv.slice(2));
// PGlite and pg may leave handles open after close; the work is done and stdout is flushed.
process.exit(code);
