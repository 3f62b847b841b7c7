import { describe, expect, it } from 'vitest';
import { artifact } from '../paths.ts';
import { useHarness } from './session.ts';

const app = useHarness();

describe('LineChart in Chromium', () => {
  it('draws each series, shows the latest values, and walks the points by keyboard', async () => {
    const { page, problems } = await app.openPage('component=chart&points=6&tz=UTC');
    const chart = page.getByTestId('line-chart');
    // One path per series, stepped (H/V segments), inside a plot that has real size.
    const paths = await chart.locator('path.line').evaluateAll((els) => els.map((e) => e.getAttribute('d')));
    expect(paths).toHaveLength(2);
    expect(paths[0]).toMatch(/^M0 \d/);
    expect(paths[0]).toContain('H');
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
    // The cursor line sits at the third of six points: 40% across.
    const cursor = await chart.locator('.cursor').boundingBox();
    expect(Math.round((((cursor?.x ?? 0) - (box?.x ?? 0)) / (box?.width ?? 1)) * 10)).toBe(4);
    await page.screenshot({ path: artifact('line-chart.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says a flat line in words instead of drawing it, with the latest values', async () => {
    const { page, problems } = await app.openPage('component=chart&points=2&tz=UTC');
    const chart = page.getByTestId('line-chart');
    expect(await chart.locator('path.line').count()).toBe(0);
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
