// Loaded with `node --import` by tests/cli/import.test.ts: at exit, writes the process's peak resident
// set size (getrusage ru_maxrss, in kB) to $PEAK_RSS_FILE.
import fs from 'node:fs';

process.on('exit', () => {
  if (process.env.PEAK_RSS_FILE) fs.writeFileSync(process.env.PEAK_RSS_FILE, String(process.resourceUsage().maxRSS));
});
