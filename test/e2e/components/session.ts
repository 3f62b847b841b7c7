/**
 * The component harness in Chromium for one test file: `useHarness()` registers the hooks that build
 * and serve the harness and launch a headless Chromium before the file's tests, and close both after.
 */
import { afterAll, beforeAll } from 'vitest';
import { launchChromium, type Chromium } from '../chromium.ts';
import { newWatchedPage, started, type OpenedPage } from '../page.ts';
import { startHarness, type Harness } from './harness.ts';

export { js, type OpenedPage } from '../page.ts';

export interface HarnessSession {
  /** The harness server and the browser: there from the file's beforeAll on. */
  readonly harness: Harness;
  readonly browser: Chromium;
  /** A fresh page watched for problems, with the harness opened at `/?${query}` (e.g. `component=grid`). */
  openPage(query: string): Promise<OpenedPage>;
}

export function useHarness(): HarnessSession {
  let harness: Harness | undefined;
  let browser: Chromium | undefined;

  beforeAll(async () => {
    harness = await startHarness();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  });

  const session: HarnessSession = {
    get harness() {
      return started(harness, 'harness');
    },
    get browser() {
      return started(browser, 'browser');
    },
    async openPage(query: string): Promise<OpenedPage> {
      const opened = await newWatchedPage(session.browser);
      await opened.page.goto(`${session.harness.origin}/?${query}`);
      return opened;
    },
  };
  return session;
}
