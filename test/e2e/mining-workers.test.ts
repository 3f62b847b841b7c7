/**
 * The Mining screen's workers one by one in Chromium: every worker of the mining account with its
 * hashrate now and a chart of its hashrate over time, read from the exchange's own endpoints; a worker
 * that stops is raised first as quiet, in words, and reached from the keyboard. Screenshots of the
 * walk at 1280x800 and 1440x900 go to `TXC_WALK_DIR` when it is set.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppSession } from './session.ts';

const app = useAppSession({
  onCore: () => {
    // Worker counts follow a per-minute schedule in the sandbox; fix them so only the test moves them.
    app.sandbox.control.setWorkers('desk-pool', { offline: 0, low: 0 });
  },
});

const text = async (page: Page, testid: string) => (await page.getByTestId(testid).textContent()) ?? '';
const walk = process.env['TXC_WALK_DIR'];
const shot = async (page: Page, name: string) => {
  if (walk) await page.screenshot({ path: join(walk, name), fullPage: true });
};

describe("the Mining screen's workers in Chromium", () => {
  it('lists every worker with its hashrate, charts the one picked, and raises a worker that stopped as quiet', async () => {
    const { page, problems } = await app.openPage('#/mining');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => page.getByTestId('mining-chooser').isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByTestId('mining-chooser').selectOption('desk-pool');

    const panel = page.getByTestId('worker-hashrates');
    const rows = panel.getByTestId('worker-row');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(12);
    expect(await text(page, 'worker-quiet-summary')).toContain('All 12 workers hashing.');
    const first = rows.first();
    expect(await first.getAttribute('data-worker')).toBe('worker_001');
    expect(await first.textContent()).toContain('95 TH/s');
    expect(await first.getByTestId('worker-state').textContent()).toContain('Hashing');
    // the first worker is charted until another is picked
    expect(await panel.getByTestId('line-chart').textContent()).toContain('Hashrate of worker_001');

    // From the keyboard: Tab from the first worker reaches the next, Enter charts it.
    await first.getByRole('button').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await panel.getByTestId('line-chart').textContent()) ?? '')
      .toContain('Hashrate of worker_002 over the last');
    expect(await rows.nth(1).getByRole('button').getAttribute('aria-pressed')).toBe('true');
    expect(await panel.getByTestId('chart-readout').textContent()).toMatch(/worker_002 95 TH\/s/);
    await shot(page, 'mining-workers-1280.png');

    // The watch's reading before, then a worker stops at the pool: the exchange no longer names it,
    // its hashrate is zero.
    expect(await app.call('mining.pollNow')).toEqual([]);
    app.sandbox.control.setWorkers('desk-pool', { offline: 1, low: 1 });
    await page.getByTestId('mining-poll').click();
    await expect
      .poll(() => text(page, 'worker-quiet-summary'), { timeout: 10_000 })
      .toContain('1 of 12 workers quiet: no hashrate now');
    const quiet = rows.first();
    expect(await quiet.getAttribute('data-worker')).toBe('worker_012');
    expect(await quiet.getAttribute('data-quiet')).toBe('true');
    expect(await quiet.getByTestId('worker-state').textContent()).toContain('Quiet: not online');
    expect(await quiet.textContent()).toContain('0 TH/s');
    // the low worker hashes at a third, and is not quiet
    const low = panel.locator('[data-worker="worker_011"]');
    expect(await low.textContent()).toContain('31.66 TH/s');
    expect(await low.getAttribute('data-quiet')).toBe('false');
    // the alerts the watch raised stand beside it: one worker offline, one low
    const offline = page.locator('[data-testid="mining-alert"][data-kind="offline"]');
    await expect.poll(() => offline.count(), { timeout: 10_000 }).toBe(1);
    expect(await offline.textContent()).toContain(
      'desk-pool: 1 worker went offline (11 online). Quiet now: worker_012.',
    );

    await quiet.getByRole('button').click();
    await expect
      .poll(async () => (await panel.getByTestId('chart-readout').textContent()) ?? '')
      .toMatch(/worker_012 0 TH\/s/);
    await shot(page, 'mining-workers-quiet-1280.png');
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, 'mining-workers-quiet-1440.png');
    expect(problems).toEqual([]);
    await page.close();
  });

  it("changes where a mining account's rewards are paid only after main's question, from the keyboard", async () => {
    const BTC = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
    const { page, problems } = await app.openPage('#/mining');
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(() => page.getByTestId('mining-chooser').isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByTestId('mining-chooser').selectOption('desk-backup');
    await expect.poll(() => text(page, 'payout-now')).toContain('paid to the main balance');
    const button = page.getByTestId('payout-change');
    expect(await button.isDisabled()).toBe(true);
    expect(await button.textContent()).toContain('Choose where to pay them instead');

    // An address of another chain: main refuses it in words, before any question.
    await page.getByTestId('payout-external').check();
    expect(await button.textContent()).toContain('Give the BTC address first');
    const address = page.getByTestId('payout-address');
    await address.fill('0x52908400098527886E0F7030069857D2E4169EE7');
    await address.press('Enter');
    await expect.poll(() => text(page, 'payout-refused')).toMatch(/Bitcoin address/);
    expect(app.desktop.confirmations).toEqual([]);

    // The right address, sent with Enter: the button said it, main asked, the exchange pays there.
    await address.fill(BTC);
    expect(await button.textContent()).toContain(`Pay desk-backup's rewards to ${BTC}`);
    await address.press('Enter');
    await expect
      .poll(() => text(page, 'payout-result'))
      .toContain(`The rewards of desk-backup are paid to ${BTC} from the next payout.`);
    expect(app.desktop.confirmations.at(-1)?.title).toBe(
      `Pay the rewards of mining account desk-backup to ${BTC}?`,
    );
    expect(await text(page, 'payout-now')).toContain(BTC);
    expect(await button.isDisabled()).toBe(true);
    await shot(page, 'mining-payout-1440.png');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'mining-payout-1280.png');
    expect(problems).toEqual([]);
    await page.close();
  });
});
