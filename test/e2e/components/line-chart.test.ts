import { describe, expect, it } from 'vitest';
import { artifact } from '../paths.ts';
import type { Locator } from 'playwright-core';
import { useHarness } from './session.ts';

const app = useHarness();

describe('LineChart in Chromium', () => {
  it('draws each series, shows the latest values, and walks the points by keyboard', async () => {
    const { page, problems } = await app.openPage('component=chart&points=6&tz=UTC');
    const chart = page.getByTestId('line-chart');
    // Each series is drawn by the chart library, on canvas, in its legend's colour, inside a plot of real size.
    expect(await chart.locator('.plot').getAttribute('data-series')).toBe('2');
    await expect.poll(() => paintedPixels(chart, ['--accent', '--sell'])).toEqual([true, true]);
    const box = await chart.locator('.plot').boundingBox();
    expect(box?.width).toBeGreaterThan(200);
    expect(box?.height).toBeGreaterThan(100);
    // The legend carries the latest value of each series.
    expect(await chart.locator('figcaption').textContent()).toMatch(/Online\s*2.*Offline\s*1/s);

    const slider = page.getByRole('slider', { name: /Workers/ });
    await slider.focus();
    await slider.press('Home');
    const readout = page.getByTestId('chart-readout');
    expect(await readout.textContent()).toMatch(/Online 3, Offline 0$/);
    expect(await slider.getAttribute('aria-valuenow')).toBe('0');
    await slider.press('End');
    expect(await readout.textContent()).toMatch(/Online 2, Offline 1$/);
    await slider.press('ArrowLeft');
    await slider.press('ArrowLeft');
    await slider.press('ArrowLeft');
    expect(await slider.getAttribute('aria-valuenow')).toBe('2');
    expect(await readout.textContent()).toMatch(/Online 3, Offline 0$/);
    await page.screenshot({ path: artifact('line-chart.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says a flat line in words instead of drawing it, with the latest values', async () => {
    const { page, problems } = await app.openPage('component=chart&points=2&tz=UTC');
    const chart = page.getByTestId('line-chart');
    expect(await chart.locator('canvas').count()).toBe(0);
    expect(await page.getByRole('slider').count()).toBe(0);
    expect(await page.getByTestId('chart-readout').textContent()).toMatch(/Online 2, Offline 1$/);
    expect(await page.getByTestId('chart-flat').textContent()).toMatch(
      /^\s*No change since \d\d:\d\d:\d\d: the chart is drawn once a value moves\.\s*$/,
    );
    // A few lines of words, not a plot taking the screen.
    expect((await chart.boundingBox())?.height).toBeLessThan(100);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says so when there is nothing to draw', async () => {
    const { page } = await app.openPage('component=chart&points=0');
    expect(await page.getByTestId('line-chart').textContent()).toContain('No worker samples yet.');
    expect(await page.getByRole('slider').count()).toBe(0);
    await page.close();
  });
});

/**
 * Whether the canvases under `el` hold at least 50 pixels of each theme colour named in `colours`
 * (each canvas read through a copy made for reading, so the chart's own stay as the library set them).
 */
const PAINTED = new Function(
  'el',
  'colours',
  `const root = getComputedStyle(document.documentElement);
  return colours.map((name) => {
    const hex = root.getPropertyValue(name).trim().replace('#', '');
    const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
    let n = 0;
    for (const canvas of el.querySelectorAll('canvas')) {
      if (canvas.width === 0 || canvas.height === 0) continue;
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const context = copy.getContext('2d', { willReadFrequently: true });
      context.drawImage(canvas, 0, 0);
      const d = context.getImageData(0, 0, copy.width, copy.height).data;
      for (let i = 0; i < d.length; i += 4)
        if (Math.abs(d[i] - r) < 12 && Math.abs(d[i + 1] - g) < 12 && Math.abs(d[i + 2] - b) < 12 && d[i + 3] > 200) n++;
    }
    return n >= 50;
  });`,
) as (el: unknown, colours: string[]) => boolean[];

function paintedPixels(chart: Locator, names: string[]): Promise<boolean[]> {
  return chart.evaluate(PAINTED, names);
}
