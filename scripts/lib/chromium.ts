/**
 * Which Chromium the browser tests drive, in this order: `CHROMIUM_PATH`; Debian's
 * `/usr/bin/chromium-headless-shell` for a headless run (what Playwright itself uses headless: the
 * browser without its own UI, which spared a quarter of the browser stage's time on 2 cores), else
 * Debian's `/usr/bin/chromium`; then the browser `npx playwright install chromium` put in
 * Playwright's cache (macOS, other Linux). Nothing here downloads a browser: CI installs Debian's
 * packages.
 */
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { tooling } from '@/lib/config/tooling';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const SYSTEM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** `problem` is set when the tests cannot run; `executablePath` is what Playwright is given. */
export interface ChromiumLookup {
  executablePath: string | undefined;
  problem?: string;
}

/**
 * `headed`: a window is wanted (`playwright test --headed`, `--debug`, `--ui`), which the headless
 * shell cannot show. `chosen`: CHROMIUM_PATH.
 */
export function findChromium(headed = false, chosen: string | undefined = tooling.CHROMIUM_PATH): ChromiumLookup {
  // An explicit choice is kept even when wrong, so that Playwright's error names it rather than
  // quietly running another browser.
  if (chosen) return { executablePath: chosen, problem: fs.existsSync(chosen) ? undefined : `CHROMIUM_PATH is ${chosen}, which does not exist.` };
  if (!headed && fs.existsSync(SYSTEM_HEADLESS_SHELL)) return { executablePath: SYSTEM_HEADLESS_SHELL };
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
