// The frame's status: the exchange and its syncs in the top bar, and main's notices as toasts.
import { describe, expect, it } from 'vitest';
import { startBrowserHost } from './host.ts';
import { openFreshApp } from './frame-app.ts';
import { artifact, RENDERER_DIR } from './paths.ts';
import { useAppSession, type OpenedPage } from './session.ts';

const app = useAppSession();

const openApp = (): Promise<OpenedPage> => openFreshApp(app);

describe('the exchange and its syncs in the frame', () => {
  it('shows Sandbox in the top bar and each sync with counts and a Cancel that reaches the core', async () => {
    const calls: Array<[unknown, unknown]> = [];
    const recording = {
      ...app.core,
      router: {
        ...app.core.router,
        dispatch: (procedure: unknown, input: unknown, context: { origin: string }) => {
          calls.push([procedure, input]);
          return app.core.router.dispatch(procedure, input, context);
        },
      },
    } as typeof app.core;
    const recordingHost = await startBrowserHost(recording, RENDERER_DIR);
    const { page, problems } = await app.newPage();
    try {
      // Settings opens no socket of its own: the socket states below are the ones this test sends.
      await page.goto(`${recordingHost.url}#/settings`);
      await expect.poll(() => page.getByTestId('exchange-badge').textContent()).toBe('Sandbox');

      const account = (await app.call<Array<{ id: string; label: string }>>('accounts.list'))[0];
      if (!account) throw new Error('the test core has no demo account');
      app.core.events.emit('sync.progress', {
        job: 'job-e2e',
        account: account.id,
        phase: 'backfill',
        pages: 4,
        rows: 1834,
        done: 0.42,
        remainingMs: null,
      });
      const job = page.getByTestId('sync-jobs').getByTestId('progress');
      await expect.poll(() => job.textContent()).toContain(`Sync ${account.label}`);
      expect(await job.getByTestId('progress-counts').textContent()).toBe('1,834 deals (42%)');
      await page.screenshot({ path: artifact('frame-sync-job.png') });
      await job.getByTestId('progress-cancel').click();
      await expect
        .poll(() => calls.filter(([p]) => p === 'sync.cancel'))
        .toEqual([['sync.cancel', { accountIds: [account.id] }]]);
      app.core.events.emit('sync.finished', { job: 'job-e2e', account: account.id, outcome: 'cancelled' });
      await expect.poll(() => page.getByTestId('sync-jobs').count()).toBe(0);
      // A sync that stops on an error says so, in words, with the account's label.
      app.core.events.emit('sync.finished', {
        job: 'job-e2e-2',
        account: account.id,
        outcome: 'failed',
        message: 'The exchange could not be reached.',
      });
      await expect
        .poll(() => page.getByTestId('toast').textContent())
        .toContain(`History sync of ${account.label} stopped: The exchange could not be reached.`);
      // WebSocket state per account, trouble named in words: a first opening, then a live socket lost.
      const ws = page.getByTestId('ws-summary');
      app.core.events.emit('ws.state', { accountId: account.id, state: 'connecting' });
      await expect.poll(() => ws.textContent()).toContain('1 opening');
      expect(await ws.getAttribute('class')).not.toContain('troubled');
      app.core.events.emit('ws.state', { accountId: account.id, state: 'live' });
      app.core.events.emit('ws.state', { accountId: account.id, state: 'reconciling' });
      await expect.poll(() => ws.textContent()).toContain('1 reconnecting');
      expect(await ws.getAttribute('class')).toContain('troubled');
      await expect.poll(() => ws.getAttribute('title')).toContain(`${account.label}: reconciling`);
      await page.screenshot({ path: artifact('frame-ws-state.png') });
      app.core.events.emit('ws.state', { accountId: account.id, state: 'live' });
      await expect.poll(() => ws.getAttribute('title')).toContain(`${account.label}: live`);

      // The status bar keeps its own facts meanwhile.
      expect(await page.getByTestId('status-version').textContent()).toBe('TXC Desk 0.0.0-test');
      expect(problems).toEqual([]);
    } finally {
      await page.close();
      await recordingHost.close();
    }
  });
});

describe('toasts from app.notice', () => {
  it('shows notices pushed by main with their level in words, and dismisses them', async () => {
    const { page, problems } = await openApp();
    // The frame listens from mount; app.info answering means the bridge socket is open.
    app.core.events.emit('app.notice', { level: 'error', message: 'The cache file could not be opened.' });
    app.core.events.emit('app.notice', { level: 'warning', message: 'Rate limit at 80% for desk-2.' });
    app.core.events.emit('app.notice', { level: 'info', message: 'Sync finished.' });
    const toasts = page.getByTestId('toast');
    await expect.poll(() => toasts.count()).toBe(3);
    expect((await toasts.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
      '✕ Error: The cache file could not be opened. ✕',
      '⚠ Warning: Rate limit at 80% for desk-2. ✕',
      '● Info: Sync finished. ✕',
    ]);
    expect(await toasts.first().getAttribute('role')).toBe('alert');
    await page.screenshot({ path: artifact('toasts.png') });
    await toasts.first().getByTestId('toast-dismiss').click();
    await expect.poll(() => toasts.count()).toBe(2);
    expect(await toasts.first().textContent()).toContain('Rate limit');
    expect(problems).toEqual([]);
    await page.close();
  });
});
