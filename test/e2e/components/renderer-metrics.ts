/**
 * Measures the renderer in Chromium for the benchmark names of issue 7: `renderer.interactive_ms`
 * (the real app page until the status bar shows the core's answer and the rail takes a click),
 * `renderer.grid.frame_p95_ms` (frame times while scrolling the 1,000,000-row grid), `renderer.heap_mb`
 * (JS heap after the scroll, garbage collected). For `npm run bench`: a test/bench/renderer.bench.ts
 * can return `measureRenderer()`; it needs `buildRenderer()` first. Not a test (no timing assertions).
 */
import type { Page } from 'playwright-core';
import { buildRenderer } from '../../../scripts/build.ts';
import type { BenchResult } from '../../bench/harness.ts';
import { percentile } from '../../bench/harness.ts';
import { createTestCore } from '../../support/core.ts';
import { launchChromium } from '../chromium.ts';
import { startBrowserHost } from '../host.ts';
import { RENDERER_DIR } from '../paths.ts';
import { startHarness } from './harness.ts';

/** Frame-to-frame times (ms) while the grid body scrolls `step` pixels per animation frame. */
async function scrollFrames(page: Page, frames: number, step: number): Promise<number[]> {
  const times = (await page.evaluate(`new Promise((resolve) => {
    const body = document.querySelector('[data-testid="grid-body"]');
    const times = [];
    let last = performance.now();
    let n = 0;
    function frame(now) {
      times.push(now - last);
      last = now;
      body.scrollTop += ${step};
      if (++n < ${frames}) requestAnimationFrame(frame);
      else resolve(times.slice(2));
    }
    requestAnimationFrame(frame);
  })`)) as number[];
  return times.sort((a, b) => a - b);
}

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN;
  return Math.round((used / 1048576) * 10) / 10;
}

export async function measureRenderer(build = true): Promise<BenchResult[]> {
  if (build) await buildRenderer();
  const core = await createTestCore();
  const host = await startBrowserHost(core, RENDERER_DIR);
  const harness = await startHarness();
  const browser = await launchChromium();
  try {
    // Interactive: median of five cold page loads.
    const loads: number[] = [];
    for (let i = 0; i < 5; i++) {
      const page = await browser.context.newPage();
      const start = performance.now();
      await page.goto(host.url);
      await page.getByTestId('status-version').filter({ hasText: 'TXC Desk' }).waitFor();
      await page.getByTestId('nav-history').click();
      await page.getByTestId('view-history').waitFor();
      loads.push(performance.now() - start);
      await page.close();
    }
    loads.sort((a, b) => a - b);

    const page = await browser.context.newPage();
    await page.goto(`${harness.origin}/?component=grid&rows=1000000`);
    await page.getByTestId('grid-row').first().waitFor();
    await scrollFrames(page, 30, 28); // warm-up
    const smooth = await scrollFrames(page, 600, 28 * 3);
    const jumps = await scrollFrames(page, 300, 28 * 200);
    const all = [...smooth, ...jumps].sort((a, b) => a - b);
    const heap = await heapMb(page);
    await page.close();

    return [
      {
        name: 'renderer.interactive_ms',
        value: Math.round(percentile(loads, 50)),
        unit: 'ms',
        baseline: null,
        note: `app page in headless Chromium until the status bar shows app.info and a rail click lands; median of 5, max ${Math.round(loads.at(-1) ?? NaN)} ms`,
      },
      {
        name: 'renderer.grid.frame_p95_ms',
        value: Math.round(percentile(all, 95) * 10) / 10,
        unit: 'ms',
        baseline: null,
        note: `1,000,000-row grid, ${all.length} frames scrolling 3 rows and 200 rows per frame; p50 ${Math.round(percentile(all, 50) * 10) / 10} ms; headless, no GPU`,
      },
      {
        name: 'renderer.heap_mb',
        value: heap,
        unit: 'MB',
        baseline: null,
        note: 'JS heap of the 1,000,000-row grid page after scrolling, garbage collected',
      },
    ];
  } finally {
    await browser.close();
    await harness.close();
    await host.close();
    await core.close();
  }
}
