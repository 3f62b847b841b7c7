// What the board benches (board.bench.ts, push.bench.ts) start: the renderer built, the exchange
// sandbox in its own process, the main side in its own (the core with its cache worker threads and
// the test host standing in for Electron's IPC, `main-process.ts`) and a headless Chromium. Each
// starts once the one before it is up; all stop together, whatever failed.
import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { launchChromium, type Chromium } from '../e2e/chromium.ts';
import { bundleBridgeScript } from '../e2e/host.ts';
import { RENDERER_DIR } from '../e2e/paths.ts';
import { spawnMain, type MainProcess } from './main-process.ts';
import type { SandboxProcess } from './sandbox-process.ts';

/** Sub-accounts besides the sandbox's 5 accounts; TXC_BENCH_DESK_SUBS sets fewer while developing. */
export const DESK_SUBS = Number(process.env.TXC_BENCH_DESK_SUBS ?? 1000);
export const DESK_ACCOUNTS = DESK_SUBS + 5;
/** The number of accounts as the board writes it ("1,005"). */
export const DESK_COUNT = DESK_ACCOUNTS.toLocaleString('en-US');

/** A sandbox in its own process, as the stack needs it. */
export type StackSandbox = Pick<SandboxProcess, 'rest' | 'ws' | 'accounts'> & { stop(): Promise<void> };

export interface DeskStack<S extends StackSandbox> {
  sandbox: S;
  main: MainProcess;
  browser: Chromium;
}

/**
 * Starts the stack on the sandbox `startSandbox` starts, runs `run` on it and stops it all.
 * `mainArgv` goes to the main process's node (e.g. `--cpu-prof`).
 */
export async function withDeskStack<S extends StackSandbox, T>(
  startSandbox: () => Promise<S>,
  run: (stack: DeskStack<S>) => Promise<T>,
  mainArgv: string[] = [],
): Promise<T> {
  // Vite stays out of the main process: its memory is no part of main's.
  execFileSync(
    process.execPath,
    ['--input-type=module', '-e', "await (await import('./scripts/build.ts')).buildRenderer();"],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const bridgeScript = await bundleBridgeScript();
  const sandbox = await startSandbox();
  const start = { rest: sandbox.rest, ws: sandbox.ws, accounts: sandbox.accounts };
  const main = await spawnMain({ ...start, rendererDir: RENDERER_DIR, bridgeScript }, mainArgv).catch(
    async (error: unknown) => {
      await sandbox.stop();
      throw error;
    },
  );
  const browser = await launchChromium().catch(async (error: unknown) => {
    await main.stop();
    await sandbox.stop();
    throw error;
  });
  try {
    return await run({ sandbox, main, browser });
  } finally {
    await browser.close();
    await main.stop();
    await sandbox.stop();
  }
}

/**
 * Waits until the open board says every account's socket is live. Main opens them at its pace (one
 * every 60 s / 950): about 64 s for 1,005 on a quiet machine.
 */
export async function untilAllLive(page: Page, timeoutMs: number): Promise<void> {
  await page
    .getByTestId('board-feed')
    .filter({ hasText: `live: all ${DESK_COUNT} accounts` })
    .waitFor({ timeout: timeoutMs })
    .catch(async (error: unknown) => {
      const feed = await page.getByTestId('board-feed').textContent();
      throw new Error(`not every socket live: ${String(feed)}`, { cause: error });
    });
}
