import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifact } from './paths.ts';
import { useAppSession } from './session.ts';

const app = useAppSession({
  // The mining watch reads every mining account each second here (each minute in the app).
  core: { miningWatchMs: 1_000 },
  onCore: () => {
    // Worker counts follow a per-minute schedule in the sandbox; fix them so only the test moves them.
    app.sandbox.control.setWorkers('desk-pool', { offline: 0, low: 0 });
    app.sandbox.control.setWorkers('desk-backup', { offline: 0, low: 0 });
  },
});

/** The desktop notifications main raised about workers going offline. */
const offlineNotices = () => app.desktop.notices.filter((n) => n.title.startsWith('Workers offline'));
const text = async (page: Page, testid: string) => (await page.getByTestId(testid).textContent()) ?? '';

describe('the Mining screen in Chromium', () => {
  it('shows workers, their chart, watcher links and rewards, and watches a worker go offline: one alert, one notification', async () => {
    const { page, problems } = await app.openPage('#/mining');
    await expect.poll(() => page.getByTestId('view-mining').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => text(page, 'mining-account-label')).toContain('Sandbox main');

    await expect.poll(() => page.getByTestId('mining-chooser').isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByTestId('mining-chooser').selectOption('desk-pool');
    await expect.poll(() => text(page, 'workers-online')).toContain('12');
    expect(await text(page, 'workers-offline')).toContain('0');
    expect(await text(page, 'mining-workers')).toContain('stratum+tcp://eu.pool.sandbox.txc.local:3333');

    // The watcher link, with its expiry.
    await expect.poll(() => page.getByTestId('watcher-link').count()).toBe(1);
    const link = page.getByTestId('watcher-link');
    expect(await link.textContent()).toContain('desk-pool dashboard');
    expect(await link.textContent()).toMatch(/Expires in \d+ d/);
    expect(await link.getAttribute('data-state')).toBe('live');

    // Check now: the watch's reading is stored, rewards are read and kept.
    await page.getByTestId('mining-poll').click();
    await expect.poll(() => text(page, 'mining-poll-result')).toContain('Checked');
    await expect
      .poll(() => page.getByTestId('mining-rewards').getByRole('row').count(), { timeout: 10_000 })
      .toBeGreaterThan(2);
    // Readings of the watch draw the chart.
    await expect
      .poll(
        async () =>
          (await page.getByTestId('mining-workers').getByTestId('chart-readout').textContent()) ?? '',
        { timeout: 10_000 },
      )
      .toMatch(/Online 12, Offline 0, Low 0/);
    expect(offlineNotices()).toEqual([]);
    expect(await page.getByTestId('mining-alert').count()).toBe(0);

    // A worker goes offline at the pool.
    app.sandbox.control.setWorkers('desk-pool', { offline: 1, low: 0 });
    await expect.poll(() => page.getByTestId('mining-alert').count(), { timeout: 10_000 }).toBe(1);
    const alert = page.getByTestId('mining-alert');
    expect(await alert.getAttribute('data-kind')).toBe('offline');
    expect(await alert.textContent()).toContain('desk-pool: 1 worker went offline (11 online).');
    await expect.poll(() => text(page, 'workers-online')).toContain('11');
    await expect.poll(() => text(page, 'workers-offline')).toContain('1');
    await expect
      .poll(
        async () =>
          (await page.getByTestId('mining-workers').getByTestId('chart-readout').textContent()) ?? '',
        { timeout: 10_000 },
      )
      .toMatch(/Online 11, Offline 1/);
    expect(offlineNotices()).toEqual([
      {
        title: 'Workers offline on desk-pool',
        body: 'Sandbox main: desk-pool: 1 worker went offline (11 online). Quiet now: worker_012.',
      },
    ]);
    // Read again while the worker stays offline: nothing more is raised.
    for (let i = 0; i < 2; i++) expect(await app.call('mining.pollNow')).toEqual([]);
    expect(offlineNotices()).toHaveLength(1);
    expect(await page.getByTestId('mining-alert').count()).toBe(1);
    await page.screenshot({ path: artifact('mining-worker-offline.png'), fullPage: true });
    // The rewards grid shows each of its columns whole at each width, the last one (Hashrate) too:
    // nothing to scroll sideways for.
    const rewards = page.getByTestId('mining-rewards');
    for (const size of [
      { width: 1280, height: 800 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      await rewards.scrollIntoViewIfNeeded();
      await rewards.screenshot({ path: artifact(`mining-rewards-${String(size.width)}.png`) });
      const overflow = await rewards
        .getByRole('grid')
        .evaluate((grid) => grid.scrollWidth - grid.clientWidth);
      expect(overflow, `${String(size.width)} px`).toBeLessThanOrEqual(0);
    }

    // The same alert is one entry on the Events screen.
    await page.getByTestId('nav-events').click();
    await expect.poll(() => page.getByTestId('view-events').isVisible()).toBe(true);
    const entries = page.locator('[data-testid="event-entry"][data-kind="mining"]');
    await expect.poll(() => entries.count()).toBe(1);
    expect(await entries.textContent()).toContain('Workers offline on desk-pool');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('with worker notices turned off in Settings, the next worker going offline is listed in Events but not notified', async () => {
    const { page, problems } = await app.openPage('#/settings');
    await expect.poll(() => page.getByTestId('notification-settings').isVisible()).toBe(true);
    const offline = page.getByTestId('notify-workersOffline');
    await expect.poll(() => offline.isChecked()).toBe(true);
    expect(await page.getByTestId('notify-fills').isChecked()).toBe(false);
    await offline.uncheck();
    await expect
      .poll(
        async () =>
          (await app.core.router.dispatch('notifications.settings', undefined, {
            origin: 'test',
          })) as unknown,
      )
      .toMatchObject({ ok: true, value: { workersOffline: false } });
    await page.screenshot({ path: artifact('mining-notification-settings.png') });

    await page.getByTestId('nav-events').click();
    await expect.poll(() => page.getByTestId('view-events').isVisible()).toBe(true);
    app.sandbox.control.setWorkers('desk-pool', { offline: 2, low: 0 });
    const entries = page.locator('[data-testid="event-entry"][data-kind="mining"]');
    await expect.poll(() => entries.count(), { timeout: 10_000 }).toBe(1);
    expect(await entries.textContent()).toContain('1 worker went offline (10 online)');
    // Main decides on the notice as it raises the alert, before the alert reaches the screen.
    expect(offlineNotices()).toHaveLength(1);
    expect(problems).toEqual([]);
    await page.close();
  });
  it('makes a read-only watcher link after main asks, and a new mining account, each shown at once', async () => {
    const { page, problems } = await app.openPage('#/mining');
    await expect.poll(() => page.getByTestId('mining-chooser').isVisible(), { timeout: 10_000 }).toBe(true);
    await page.getByTestId('mining-chooser').selectOption('desk-pool');
    await expect.poll(() => page.getByTestId('watcher-link').count()).toBe(1);
    const asked = app.desktop.confirmations.length;

    await page.getByTestId('watcher-link-new').click();
    // a name the pool would refuse is said in words, and nothing is asked or sent
    await page.getByTestId('watcher-link-name').fill('investor view');
    await page.getByTestId('watcher-link-workers').click();
    await page.getByTestId('watcher-link-make').click();
    await expect
      .poll(() => text(page, 'watcher-link-form'))
      .toContain("The link's name may hold only letters, digits and underscores (_).");
    expect(app.desktop.confirmations).toHaveLength(asked);

    await page.getByTestId('watcher-link-name').fill('investor_view');
    await page.getByTestId('watcher-link-lifetime').selectOption('24h');
    expect(await text(page, 'watcher-link-make')).toBe(
      'Make a link to desk-pool: dashboard, workers, for 24 hours',
    );
    for (const size of [
      { width: 1280, height: 800 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: artifact(`mining-watcher-link-form-${String(size.width)}.png`) });
    }
    await page.getByTestId('watcher-link-make').click();
    await expect.poll(() => page.getByTestId('watcher-link').count()).toBe(2);
    expect(app.desktop.confirmations.at(-1)?.title).toBe('Make a watcher link to desk-pool?');
    expect(await text(page, 'watcher-link-made')).toMatch(/^Link made: https?:\/\/\S+/);

    // a new mining account, chosen at once
    await page.getByTestId('mining-account-new').click();
    await page.getByTestId('mining-account-name').fill('desk_pool_3');
    expect(await text(page, 'mining-account-make')).toBe('Make mining account desk_pool_3 of Sandbox main');
    await page.getByTestId('mining-account-make').click();
    await expect.poll(() => page.getByTestId('mining-chooser').inputValue()).toBe('desk_pool_3');
    expect(await text(page, 'mining-account-made')).toContain('Mining account desk_pool_3 made.');
    // the whole pool beside the account's own figures
    await expect.poll(() => text(page, 'pool-hashrate')).toMatch(/^\d[\d,.]* [kMGTPE]?H\/s$/);
    expect(Number((await text(page, 'pool-workers')).replaceAll(',', ''))).toBeGreaterThan(0);
    for (const size of [
      { width: 1280, height: 800 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: artifact(`mining-new-account-${String(size.width)}.png`) });
      await page
        .getByTestId('mining-pool')
        .screenshot({ path: artifact(`mining-pool-${String(size.width)}.png`) });
    }
    expect(problems).toEqual([]);
    await page.close();
  });
});
