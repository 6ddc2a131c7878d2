/**
 * Which Chromium the browser tests drive, in this order: `CHROMIUM_PATH`, Debian's
 * `/usr/bin/chromium`, then the browser `npx playwright install chromium` put in Playwright's cache
 * (macOS, other Linux). Nothing here downloads a browser: CI installs Debian's package.
 */
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** `problem` is set when the tests cannot run; `executablePath` is what Playwright is given. */
export interface ChromiumLookup {
  executablePath: string | undefined;
  problem?: string;
}

export function findChromium(env: NodeJS.ProcessEnv = process.env): ChromiumLookup {
  const chosen = env.CHROMIUM_PATH;
  // An explicit choice is kept even when wrong, so that Playwright's error names it rather than
  // quietly running another browser.
  if (chosen) return { executablePath: chosen, problem: fs.existsSync(chosen) ? undefined : `CHROMIUM_PATH is ${chosen}, which does not exist.` };
  if (fs.existsSync(SYSTEM_CHROMIUM)) return { executablePath: SYSTEM_CHROMIUM };
  const playwrights = playwrightChromium();
  if (playwrights && fs.existsSync(playwrights)) return { executablePath: playwrights };
  return {
    executablePath: undefined,
    problem:
      `No Chromium found (not at ${SYSTEM_CHROMIUM}${playwrights ? ` nor at ${playwrights}` : ''}). Install one with ` +
      '"npx playwright install chromium" (macOS, any Linux) or "apt-get install -y chromium" (Debian), ' +
      'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  };
}

/** Where Playwright keeps the Chromium of its own version; it throws on a platform it has no build for. */
function playwrightChromium(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}
