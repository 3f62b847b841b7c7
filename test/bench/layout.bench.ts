// layout.key_elements_visible (the issue's renderer.layout.key_elements_visible): the share of each screen's key elements (layout-check.ts)
// inside the viewport at 1280x800 and 1440x900, in Chromium against a real core and its sandbox;
// baseline: the same elements at 1024x700, a window smaller than a desk's.
import { buildRenderer } from '../../scripts/build.ts';
import { launchChromium } from '../e2e/chromium.ts';
import { startBrowserHost } from '../e2e/host.ts';
import {
  KEY_ELEMENTS,
  missingFromView,
  openDeskMorning,
  SCREENS,
  showScreen,
  VIEWPORTS,
} from '../e2e/layout-check.ts';
import { RENDERER_DIR } from '../e2e/paths.ts';
import { createTestCore } from '../support/core.ts';
import { scriptedDesktop } from '../support/desktop.ts';
import type { Bench, BenchResult } from './harness.ts';

async function measure(): Promise<BenchResult[]> {
  await buildRenderer();
  // The desk's orders are beyond the guards (a resting order far from the market): the person says yes.
  const core = await createTestCore({ platform: scriptedDesktop().platform });
  const host = await startBrowserHost(core, RENDERER_DIR);
  const browser = await launchChromium();
  try {
    const call = async (procedure: string, input: unknown) => {
      const reply = (await core.router.dispatch(procedure, input, { origin: 'test' })) as {
        ok: boolean;
        error?: { message: string };
      };
      if (!reply.ok) throw new Error(`${procedure}: ${reply.error?.message ?? ''}`);
    };
    const accounts = (await core.router.dispatch('accounts.list', undefined, { origin: 'test' })) as {
      ok: true;
      value: { id: string; label: string }[];
    };
    const main = accounts.value.find((a) => a.label === 'Sandbox main');
    if (!main) throw new Error('no Sandbox main account');
    await openDeskMorning(call, main.id);

    const visible = async (viewport: { width: number; height: number }) => {
      let total = 0;
      const missing: string[] = [];
      for (const screen of SCREENS) {
        const page = await browser.context.newPage();
        await page.setViewportSize(viewport);
        await showScreen(page, host.url, screen);
        const gone = await missingFromView(page, KEY_ELEMENTS[screen]);
        total += KEY_ELEMENTS[screen].length;
        missing.push(...gone.map((name) => `${screen}: ${name}`));
        await page.close();
      }
      return { total, missing };
    };
    const results = [];
    for (const viewport of VIEWPORTS) results.push(await visible(viewport));
    const small = await visible({ width: 1024, height: 700 });
    const total = results.reduce((n, r) => n + r.total, 0);
    const missing = results.flatMap((r) => r.missing);
    const share = (shown: number, of: number) => Math.round((shown / of) * 1000) / 10;
    return [
      {
        name: 'layout.key_elements_visible',
        value: share(total - missing.length, total),
        unit: '%',
        baseline: share(small.total - small.missing.length, small.total),
        note: `${String(total - missing.length)} of ${String(total)} key elements (Trade: 10 book levels a side, ticket amount, take profit, stop loss and send button, the market's hint, first open order, eight latest trades; an off-tick price's rule, its fix, take profit and stop loss; the ladder's total, first previewed order and send button; Positions: first position, its TP/SL, its TP/SL and Close buttons; Board: equity, free, orders, positions, margin ratio, liquidation distance of the first row; Accounts: first row's balances; Wallet: withdraw send button; Reports: whose history, both days, a quick period, the tax-lot tab, the PnL totals, its export and the first row's net) inside the viewport at ${VIEWPORTS.map((v) => `${String(v.width)}x${String(v.height)}`).join(' and ')}${missing.length ? `; not in view: ${missing.join(', ')}` : ''}; baseline: the same at 1024x700 (${String(small.missing.length)} not in view); goal 100`,
      },
    ];
  } finally {
    await browser.close();
    await host.close();
    await core.close();
  }
}

const bench: Bench = { name: 'layout', run: measure };

export default bench;
