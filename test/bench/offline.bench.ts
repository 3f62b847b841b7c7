// offline.view_ms: with the exchange down, the slowest of the screens from navigation (in the loaded
// app, no reload) to its cached content on screen, in Chromium; baseline: the slowest of the same
// screens to fresh content with the exchange up, in the same run. offline.detect_ms: the embedded
// exchange stopped (listening socket closed, every connection cut) to the top bar saying so.
import { buildRenderer } from '../../scripts/build.ts';
import { launchChromium } from '../e2e/chromium.ts';
import { startBrowserHost } from '../e2e/host.ts';
import { navigateAndTime, OFFLINE_SCREENS, stopExchange, warmUp } from '../e2e/offline-tour.ts';
import { RENDERER_DIR } from '../e2e/paths.ts';
import { createTestCore } from '../support/core.ts';
import type { Reply } from '../../main/ipc/contract.ts';
import { ratio, type Bench } from './harness.ts';

/** Each screen is visited this many times per case; its median counts. */
const ROUNDS = 3;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const bench: Bench = {
  name: 'offline',
  async run() {
    await buildRenderer();
    const core = await createTestCore();
    const host = await startBrowserHost(core, RENDERER_DIR);
    const browser = await launchChromium();
    try {
      const call = async <T>(procedure: string, input?: unknown): Promise<T> => {
        const reply = (await core.router.dispatch(procedure, input, { origin: 'test' })) as Reply<T>;
        if (!reply.ok) throw new Error(`${procedure}: ${reply.error.message}`);
        return reply.value;
      };
      const page = await browser.context.newPage();
      await page.goto(`${host.url}#/accounts`);
      await warmUp(page, call);
      const visit = async (which: 'fresh' | 'cached'): Promise<Record<string, number>> => {
        const times: Record<string, number[]> = {};
        for (let round = 0; round < ROUNDS; round++)
          for (const screen of OFFLINE_SCREENS) {
            // From another screen each time, so every visit builds the screen anew.
            await navigateAndTime(
              page,
              '#/settings',
              '!!document.querySelector(\'[data-testid="view-settings"]\')',
            );
            (times[screen.id] ??= []).push(await navigateAndTime(page, screen.hash, screen[which]));
          }
        return Object.fromEntries(Object.entries(times).map(([id, xs]) => [id, median(xs)]));
      };
      const online = await visit('fresh');
      const detect = await stopExchange(page, core);
      const offline = await visit('cached');
      await core.connection.sandbox?.resume();
      const slowest = (r: Record<string, number>) =>
        Object.entries(r).reduce((a, b) => (b[1] > a[1] ? b : a), ['', -1] as [string, number]);
      const [offlineId, offlineMs] = slowest(offline);
      const [onlineId, onlineMs] = slowest(online);
      const each = Object.entries(offline)
        .map(([id, ms]) => `${id} ${Math.round(ms)}`)
        .join(', ');
      return [
        {
          name: 'offline.view_ms',
          value: Math.round(offlineMs),
          unit: 'ms',
          baseline: Math.round(onlineMs),
          note: `exchange down: slowest screen (${offlineId}) from navigation to its cached content with its age, median of ${ROUNDS}; per screen ${each} ms; baseline: slowest screen (${onlineId}) to fresh content with the exchange up, ${ratio(offlineMs, onlineMs)}; goal < 500 ms; headless Chromium, in-process sandbox`,
        },
        {
          name: 'offline.detect_ms',
          value: Math.round(detect),
          unit: 'ms',
          baseline: 3000,
          note: `embedded exchange stopped (socket closed, connections cut) to the top bar saying it is unreachable; ${ratio(detect, 3000)} (the goal, 3,000 ms)`,
        },
      ];
    } finally {
      await browser.close();
      await host.close();
      await core.close();
    }
  },
};

export default bench;
