/**
 * Debian's chromium driven headless by playwright-core, for the workspace's end-to-end tests. Nothing is
 * downloaded: the executable is named, and the flags keep chromium from reaching for the network (without
 * them it stalls on a machine with none). Tests skip when the executable is missing, as the REPL's terminal
 * tests do without tmux.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

export const CHROMIUM = process.env.LAKESQL_CHROMIUM ?? '/usr/bin/chromium';

export const HAVE_CHROMIUM = existsSync(CHROMIUM);

export interface HeadlessBrowser {
  /** A fresh profile's context (playwright names the profile folder itself, not through the flags). */
  readonly context: BrowserContext;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<HeadlessBrowser> {
  const profile = await mkdtemp(path.join(tmpdir(), 'lakesql-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
