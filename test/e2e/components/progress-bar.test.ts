import { describe, expect, it } from 'vitest';
import { artifact } from '../paths.ts';
import { useHarness } from './session.ts';

const app = useHarness();

describe('ProgressBar in Chromium', () => {
  it('shows counts and percentage, and calls back on Cancel', async () => {
    const { page, problems } = await app.openPage('component=progress&done=1234&total=5000&cancellable');
    expect(await page.getByTestId('progress-counts').textContent()).toBe('1,234 of 5,000 pages (24%)');
    const bar = page.getByRole('progressbar', { name: 'Syncing deals' });
    expect(await bar.getAttribute('aria-valuenow')).toBe('1234');
    expect(await bar.getAttribute('aria-valuemax')).toBe('5000');
    // The fill is sized through CSSOM (allowed by the CSP), a quarter of the track.
    const [track, fill] = await Promise.all([bar.boundingBox(), bar.locator('.bar').boundingBox()]);
    expect(Math.round(((fill?.width ?? 0) / (track?.width ?? 1)) * 100)).toBe(24);
    await page.screenshot({ path: artifact('progress.png') });
    await page.getByTestId('progress-cancel').click();
    expect(await page.evaluate('harness.log')).toEqual(['cancel']);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('counts without a percentage when the total is unknown, and has no Cancel without a callback', async () => {
    const { page } = await app.openPage('component=progress&done=42');
    expect(await page.getByTestId('progress-counts').textContent()).toBe('42 pages so far');
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBeNull();
    expect(await page.getByTestId('progress-cancel').count()).toBe(0);
    await page.close();
  });
});
