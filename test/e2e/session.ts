/**
 * The app in Chromium for one e2e test file: `useAppSession()` registers the hooks that start a test
 * core (embedded sandbox, a scripted desktop), the browser host serving the built renderer and a
 * headless Chromium before the file's tests, and close all three after them.
 *
 *   const app = useAppSession({ core: { miningWatchMs: 1_000 } });
 *   it('…', async () => {
 *     const { page, problems } = await app.openPage('#/mining');
 *     …
 *     expect(problems).toEqual([]);
 *   });
 */
import { afterAll, beforeAll, vi } from 'vitest';
import type { CoreOptions } from '../../main/core.ts';
import type { AccountView, Reply } from '../../main/ipc/contract.ts';
import type { Sandbox } from '../../main/sandbox/index.ts';
import { createTestCore, type TestCore } from '../support/core.ts';
import { scriptedDesktop, type ScriptedDesktop } from '../support/desktop.ts';
import { launchChromium, type Chromium } from './chromium.ts';
import { startBrowserHost, type BrowserHost } from './host.ts';
import { js, newWatchedPage, started, type OpenedPage } from './page.ts';
import { RENDERER_DIR } from './paths.ts';

export { js, type OpenedPage } from './page.ts';

export interface AppSessionOptions {
  /** Options for the test core; its platform is always the session's scripted desktop. */
  readonly core?: Omit<Partial<CoreOptions>, 'platform'>;
  /** Runs as soon as the core is up, before the host and the browser start. */
  readonly onCore?: (core: TestCore) => void | Promise<void>;
  /** The default timeout of `expect.poll` in this file, in ms. */
  readonly pollTimeout?: number;
}

export interface OpenPageOptions {
  /** Start from a fresh profile state: the app's localStorage (section, theme, shortcuts…) is cleared first. */
  readonly clearStorage?: boolean;
}

export interface AppSession {
  /** The core, the host and the browser: there from the file's beforeAll on. */
  readonly core: TestCore;
  readonly host: BrowserHost;
  readonly browser: Chromium;
  /** The core's embedded sandbox. */
  readonly sandbox: Sandbox;
  /** The desktop of the core: its clipboard and dialogs answer what the test puts in them. */
  readonly desktop: ScriptedDesktop;
  /** Calls a procedure of the core as a test; throws with the core's words when it refuses. */
  call<T>(procedure: string, input?: unknown): Promise<T>;
  /** The account of that label, as `accounts.list` gives it; throws when there is none. */
  account(label: string): Promise<AccountView>;
  /** A fresh page watched for problems, not yet navigated. */
  newPage(): Promise<OpenedPage>;
  /** A fresh page watched for problems, with the app loaded at `hash` (e.g. `#/trade`). */
  openPage(hash?: string, options?: OpenPageOptions): Promise<OpenedPage>;
}

export function useAppSession(options: AppSessionOptions = {}): AppSession {
  const desktop = scriptedDesktop();
  let core: TestCore | undefined;
  let host: BrowserHost | undefined;
  let browser: Chromium | undefined;

  beforeAll(async () => {
    if (options.pollTimeout !== undefined)
      vi.setConfig({ expect: { poll: { timeout: options.pollTimeout } } });
    core = await createTestCore({ ...options.core, platform: desktop.platform });
    await options.onCore?.(core);
    host = await startBrowserHost(core, RENDERER_DIR);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await host?.close();
    await core?.close();
  });

  const session: AppSession = {
    get core() {
      return started(core, 'core');
    },
    get host() {
      return started(host, 'host');
    },
    get browser() {
      return started(browser, 'browser');
    },
    get sandbox() {
      return started(session.core.connection.sandbox, 'embedded sandbox');
    },
    desktop,
    async call<T>(procedure: string, input?: unknown): Promise<T> {
      const reply = (await session.core.router.dispatch(procedure, input, { origin: 'test' })) as Reply<T>;
      if (!reply.ok) throw new Error(`${procedure}: ${reply.error.message}`);
      return reply.value;
    },
    async account(label: string): Promise<AccountView> {
      const account = (await session.call<AccountView[]>('accounts.list')).find((a) => a.label === label);
      if (!account) throw new Error(`no account labelled ${label}`);
      return account;
    },
    newPage(): Promise<OpenedPage> {
      return newWatchedPage(session.browser);
    },
    async openPage(hash = '', { clearStorage = false }: OpenPageOptions = {}): Promise<OpenedPage> {
      const opened = await session.newPage();
      const { page } = opened;
      if (clearStorage) {
        await page.goto(session.host.url);
        await js(page, 'localStorage.clear()');
        // Away first, so that the app loads afresh below even where only the hash would differ.
        await page.goto('about:blank');
      }
      await page.goto(`${session.host.url}${hash}`);
      return opened;
    },
  };
  return session;
}
