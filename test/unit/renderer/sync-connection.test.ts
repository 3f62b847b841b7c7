import { describe, expect, it, vi } from 'vitest';
import type { AccountView, SyncProgressView } from '../../../main/ipc/contract.ts';
import { AccountLabels } from '../../../renderer/src/lib/managers/account-labels.svelte.ts';
import { ConnectionManager } from '../../../renderer/src/lib/managers/connection.svelte.ts';
import {
  LiveStatesManager,
  TOOLTIP_EVERY_MS,
} from '../../../renderer/src/lib/managers/live-states.svelte.ts';
import { SyncJobsManager } from '../../../renderer/src/lib/managers/sync-jobs.svelte.ts';
import { fakeBridge } from './fake-bridge.ts';

const ACCOUNT = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';

/** A bridge answering from `answers` by procedure name, recording calls, with pushable events. */

const progress = (over: Partial<SyncProgressView> = {}): SyncProgressView => ({
  job: 'job-1',
  account: ACCOUNT,
  phase: 'backfill',
  pages: 3,
  rows: 1200,
  done: 0.25,
  remainingMs: null,
  ...over,
});

describe('ConnectionManager', () => {
  it('names the exchange as Sandbox or Live', async () => {
    const status = {
      id: 'https://api.example wss://ws.example/ws',
      kind: 'live',
      restUrl: 'https://api.example',
      wsUrl: 'wss://ws.example/ws',
    };
    const { api } = fakeBridge({ 'connection.status': { ok: true, value: status } });
    const connection = new ConnectionManager(api);
    expect(connection.label).toBeUndefined();
    await connection.load();
    expect(connection.label).toBe('Live');
    expect(connection.id).toBe(status.id);
    const sandbox = new ConnectionManager(
      fakeBridge({ 'connection.status': { ok: true, value: { ...status, kind: 'sandbox' } } }).api,
    );
    await sandbox.load();
    expect(sandbox.label).toBe('Sandbox');
    const broken = new ConnectionManager(fakeBridge({}).api);
    await broken.load();
    expect(broken.error?.code).toBe('internal');
    expect(broken.label).toBeUndefined();
  });
});

function account(): AccountView {
  return {
    id: ACCOUNT,
    label: 'desk-2',
    kind: 'sub',
    subAccountId: null,
    apiKeyHint: '4f2a…9c1e',
    connection: 'sandbox',
    groups: [],
    tags: [],
    favourite: false,
    webhook: false,
  };
}

describe('SyncJobsManager', () => {
  it('follows progress events, names the account once its label is known, and drops finished jobs', async () => {
    const bridge = fakeBridge({ 'accounts.list': { ok: true, value: [account()] } });
    const sync = new SyncJobsManager(bridge.api, new AccountLabels(bridge.api));
    const stop = sync.listen();
    bridge.emit('sync.progress', progress());
    expect(sync.jobs.map((j) => sync.label(j))).toEqual(['account …7a10']);
    await vi.waitFor(() => expect(sync.jobs.map((j) => [sync.label(j), j.rows])).toEqual([['desk-2', 1200]]));
    bridge.emit('sync.progress', progress({ rows: 2400, done: 0.5 }));
    bridge.emit('sync.progress', progress({ job: 'job-2', account: 'ffffffff-0000-4000-8000-00000000beef' }));
    await vi.waitFor(() =>
      expect(sync.jobs.map((j) => [sync.label(j), j.rows])).toEqual([
        ['desk-2', 2400],
        ['account …beef', 1200],
      ]),
    );
    // The account list is asked once per unknown account, not once per event.
    bridge.emit('sync.progress', progress({ job: 'job-2', account: 'ffffffff-0000-4000-8000-00000000beef' }));
    expect(bridge.calls.filter(([p]) => p === 'accounts.list')).toHaveLength(2);
    bridge.emit('sync.finished', { job: 'job-1', account: ACCOUNT, outcome: 'done' });
    expect(sync.jobs.map((j) => j.job)).toEqual(['job-2']);
    stop();
  });

  it('tells the user when a sync stops on an error, and only then', async () => {
    const bridge = fakeBridge({ 'accounts.list': { ok: true, value: [account()] } });
    const notices: string[] = [];
    const sync = new SyncJobsManager(bridge.api, new AccountLabels(bridge.api), (n) =>
      notices.push(`${n.level}: ${n.message}`),
    );
    sync.progress(progress());
    // the account's label is known before the sync stops
    await vi.waitFor(() => expect(sync.jobs.map((j) => sync.label(j))).toEqual(['desk-2']));
    sync.finished({
      job: 'job-1',
      account: ACCOUNT,
      outcome: 'failed',
      message: 'The exchange refused the key.',
    });
    sync.finished({ job: 'job-2', account: ACCOUNT, outcome: 'cancelled' });
    sync.finished({ job: 'job-3', account: ACCOUNT, outcome: 'done' });
    expect(notices).toEqual(['warning: History sync of desk-2 stopped: The exchange refused the key.']);
    expect(sync.jobs).toEqual([]);
  });

  it('cancels the sync of one account through sync.cancel, and shows a refusal', async () => {
    const bridge = fakeBridge({
      'accounts.list': { ok: true, value: [account()] },
      'sync.cancel': { ok: true, value: 1 },
    });
    const sync = new SyncJobsManager(bridge.api, new AccountLabels(bridge.api));
    sync.progress(progress());
    const cancelling = sync.cancel(ACCOUNT);
    expect(sync.jobs[0]?.cancelling).toBe(true);
    await cancelling;
    expect(bridge.calls.at(-1)).toEqual(['sync.cancel', { accountIds: [ACCOUNT] }]);
    expect(sync.error).toBeUndefined();

    const refusing = fakeBridge({ 'accounts.list': { ok: true, value: [] } });
    const other = new SyncJobsManager(refusing.api, new AccountLabels(refusing.api));
    other.progress(progress());
    await other.cancel(ACCOUNT);
    expect(other.error?.message).toBe('no answer');
    expect(other.jobs[0]?.cancelling).toBe(false);
  });
});

describe('LiveStatesManager', () => {
  it('sums up the sockets trouble first, leaving idle ones out, with one line per account', async () => {
    const desk: AccountView = { ...account(), id: ACCOUNT, label: 'desk-2' };
    const bridge = fakeBridge({ 'accounts.list': { ok: true, value: [desk] } });
    const live = new LiveStatesManager(bridge.api, new AccountLabels(bridge.api));
    const stop = live.listen();
    expect(live.summary).toBe('');
    bridge.emit('ws.state', { accountId: ACCOUNT, state: 'live' });
    bridge.emit('ws.state', { accountId: 'ffffffff-0000-4000-8000-00000000beef', state: 'connecting' });
    bridge.emit('ws.state', { accountId: 'ffffffff-0000-4000-8000-00000000cafe', state: 'idle' });
    // A first opening is news, not trouble.
    expect(live.summary).toBe('1 opening · 1 live');
    expect(live.troubled).toBe(false);
    // each account by its label once the labels are read
    await vi.waitFor(() =>
      expect(live.details).toBe('account …beef: connecting\ndesk-2: live\naccount …cafe: idle'),
    );
    bridge.emit('ws.state', { accountId: 'ffffffff-0000-4000-8000-00000000beef', state: 'live' });
    expect(live.summary).toBe('2 live');
    expect(live.troubled).toBe(false);
    // Live and lost: reconnecting, the warning.
    bridge.emit('ws.state', { accountId: ACCOUNT, state: 'connecting' });
    expect(live.summary).toBe('1 reconnecting · 1 live');
    expect(live.troubled).toBe(true);
    // Closed by the app (the board left): left out, and its next opening is a first one again.
    bridge.emit('ws.state', { accountId: ACCOUNT, state: 'stopped' });
    expect(live.summary).toBe('1 live');
    expect(live.troubled).toBe(false);
    bridge.emit('ws.state', { accountId: ACCOUNT, state: 'authorizing' });
    expect(live.summary).toBe('1 opening · 1 live');
    expect(live.troubled).toBe(false);
    stop();
  });

  it('counts a stale socket apart, never as live, first in the tooltip, as trouble', async () => {
    const bridge = fakeBridge({ 'accounts.list': { ok: true, value: [] } });
    const live = new LiveStatesManager(bridge.api, new AccountLabels(bridge.api));
    const stop = live.listen();
    const other = 'ffffffff-0000-4000-8000-00000000beef';
    bridge.emit('ws.state', { accountId: ACCOUNT, state: 'live' });
    bridge.emit('ws.state', { accountId: other, state: 'live' });
    bridge.emit('ws.state', { accountId: ACCOUNT, state: 'stale' });
    expect(live.summary).toBe('1 stale · 1 live');
    expect(live.troubled).toBe(true);
    expect(live.details.split('\n')[0]).toMatch(/: stale$/);
    bridge.emit('ws.state', { accountId: ACCOUNT, state: 'live' });
    expect(live.summary).toBe('2 live');
    expect(live.troubled).toBe(false);
    stop();
  });

  it('counts a desk of 1,000 sockets one change at a time, and makes the tooltip again at most every 500 ms', () => {
    vi.useFakeTimers();
    try {
      const bridge = fakeBridge({ 'accounts.list': { ok: true, value: [] } });
      const live = new LiveStatesManager(bridge.api, new AccountLabels(bridge.api));
      const stop = live.listen();
      const ids = Array.from(
        { length: 1000 },
        (_, i) => `ffffffff-0000-4000-8000-${String(i).padStart(12, '0')}`,
      );
      for (const id of ids) bridge.emit('ws.state', { accountId: id, state: 'connecting' });
      for (const id of ids.slice(0, 600)) bridge.emit('ws.state', { accountId: id, state: 'live' });
      expect(live.summary).toBe('400 opening · 600 live');
      expect(live.tooltip).toBe('');
      vi.advanceTimersByTime(TOOLTIP_EVERY_MS);
      const lines = live.tooltip.split('\n');
      expect(lines).toHaveLength(1000);
      expect(lines[0]).toMatch(/: connecting$/);
      expect(lines.at(-1)).toMatch(/: live$/);
      // Lost and back: one reconnecting while it is down, the tooltip following within the interval.
      bridge.emit('ws.state', { accountId: ids[0] ?? '', state: 'connecting' });
      expect(live.summary).toBe('1 reconnecting · 400 opening · 599 live');
      vi.advanceTimersByTime(TOOLTIP_EVERY_MS);
      expect(live.tooltip.split('\n').filter((l) => l.endsWith(': connecting'))).toHaveLength(401);
      stop();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
