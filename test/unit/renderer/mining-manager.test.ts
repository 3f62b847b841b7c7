import { describe, expect, it } from 'vitest';
import { linkExpiry, MiningManager, workerSeries } from '../../../renderer/src/lib/managers/mining.svelte.ts';
import { memoryStore } from '../../../renderer/src/lib/managers/storage.ts';
import { fakeBridge } from './fake-bridge.ts';

const MAIN = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';
const OTHER = '6e2d2f1e-8a4b-4c55-9a4f-3b1e2d9c7a11';
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 22, 12);

const okReply = (value: unknown) => ({ ok: true, value });
const info = (online: number, offline: number) =>
  okReply({ fee: '0.02', workers: { online, offline, low: 0 }, stratum: [] });

function answers(procedure: string, input: unknown): unknown {
  const { accountId } = (input ?? {}) as { accountId?: string };
  switch (procedure) {
    case 'mining.accounts':
      return okReply(
        accountId === MAIN
          ? [
              { name: 'desk-backup', createdAt: 2 },
              { name: 'desk-pool', createdAt: 1 },
            ]
          : [],
      );
    case 'mining.info':
      return info(12, 0);
    case 'mining.workerSamples':
      return okReply([{ sampledAtMs: NOW, online: 12, offline: 0, low: 0 }]);
    case 'mining.rewards':
    case 'mining.watcherLinks':
      return okReply([]);
    case 'mining.pollNow':
      return okReply([]);
    default:
      return { ok: false, error: { code: 'internal', message: 'no answer' } };
  }
}

const link = (liveUntilMs: number | null) => ({
  id: 'l1',
  name: 'pool dashboard',
  link: 'https://pool/x',
  accounts: ['desk-pool'],
  permissions: ['dashboard'],
  createdAtMs: 0,
  liveUntilMs,
});

describe('watcher link expiry', () => {
  it('says when a link expires, flags the ones close to it and the expired ones', () => {
    expect(linkExpiry(link(null), NOW)).toEqual({ state: 'never', words: 'Never expires' });
    expect(linkExpiry(link(NOW + 40 * DAY + 1), NOW)).toEqual({ state: 'live', words: 'Expires in 40 d' });
    expect(linkExpiry(link(NOW + 3 * DAY + 1), NOW)).toEqual({ state: 'soon', words: 'Expires in 3 d' });
    expect(linkExpiry(link(NOW + 1000), NOW)).toEqual({ state: 'soon', words: 'Expires within a day' });
    expect(linkExpiry(link(NOW - 1000), NOW)).toEqual({ state: 'expired', words: 'Expired today' });
    expect(linkExpiry(link(NOW - 2 * DAY - 1), NOW)).toEqual({ state: 'expired', words: 'Expired 2 d ago' });
  });
});

describe('worker chart series', () => {
  it('makes online, offline and low series from the readings', () => {
    const series = workerSeries([
      { sampledAtMs: 1, online: 12, offline: 0, low: 0 },
      { sampledAtMs: 2, online: 11, offline: 1, low: 1 },
    ]);
    expect(series.map((s) => s.label)).toEqual(['Online', 'Offline', 'Low']);
    expect(series[0]?.points).toEqual([
      { t: 1, v: 12 },
      { t: 2, v: 11 },
    ]);
    expect(series[1]?.points.at(-1)).toEqual({ t: 2, v: 1 });
  });
});

describe('MiningManager', () => {
  it('reads the mining accounts of the working account and opens the remembered one', async () => {
    const { api, calls } = fakeBridge(answers);
    const store = memoryStore({ 'txc.mining.chosen': 'desk-pool' });
    const mining = new MiningManager(api, store, () => NOW);
    await mining.show(MAIN);
    expect(mining.miningAccounts.map((m) => m.name)).toEqual(['desk-backup', 'desk-pool']);
    expect(mining.chosen).toBe('desk-pool');
    expect(mining.info?.workers.online).toBe(12);
    expect(mining.updatedAtMs).toBe(NOW);
    expect(calls).toContainEqual([
      'mining.workerSamples',
      { accountId: MAIN, miningAccount: 'desk-pool', hours: 24 },
    ]);

    await mining.choose('desk-backup');
    expect(store.getItem('txc.mining.chosen')).toBe('desk-backup');
    await mining.setHours(6);
    expect(store.getItem('txc.mining.hours')).toBe('6');
    // the readings and the workers one by one, both over the new range
    expect(calls.slice(-3)).toEqual(
      expect.arrayContaining([
        ['mining.workerSamples', { accountId: MAIN, miningAccount: 'desk-backup', hours: 6 }],
        ['mining.workers', { accountId: MAIN, miningAccount: 'desk-backup', hours: 6 }],
      ]),
    );
  });

  it('keeps the alerts of its account, reads the chosen one again, and ignores other accounts', async () => {
    let online = 12;
    const { api, emit } = fakeBridge((p, i) =>
      p === 'mining.info' ? info(online, 12 - online) : answers(p, i),
    );
    const mining = new MiningManager(api, memoryStore(), () => NOW);
    const stop = mining.listen();
    await mining.show(MAIN);
    expect(mining.chosen).toBe('desk-backup');
    const alert = {
      account: MAIN,
      miningAccount: 'desk-backup',
      kind: 'offline',
      online: 11,
      offline: 1,
      low: 0,
      message: 'm',
    };
    emit('mining.alert', { ...alert, account: OTHER });
    expect(mining.alerts).toEqual([]);
    online = 11;
    emit('mining.alert', alert);
    expect(mining.alerts).toHaveLength(1);
    expect(mining.alerts[0]).toMatchObject({ kind: 'offline', atMs: NOW });
    await expect.poll(() => mining.info?.workers.online).toBe(11);
    stop();
  });

  it('drops answers that arrive after the working account changed', async () => {
    const gates: Array<() => void> = [];
    const { api } = fakeBridge(async (p, i): Promise<unknown> => {
      if (p === 'mining.accounts' && (i as { accountId: string }).accountId === MAIN)
        await new Promise<void>((resolve) => gates.push(resolve));
      return answers(p, i);
    });
    const mining = new MiningManager(api, memoryStore(), () => NOW);
    const first = mining.show(MAIN);
    await mining.show(OTHER);
    gates.forEach((open) => open());
    await first;
    expect(mining.accountId).toBe(OTHER);
    expect(mining.miningAccounts).toEqual([]);
    expect(mining.accountsLoaded).toBe(true);
  });

  it('says what Check now found, and shows its error in words', async () => {
    let poll: unknown = okReply([{ kind: 'offline' }, { kind: 'low' }]);
    const { api } = fakeBridge((p, i) => (p === 'mining.pollNow' ? poll : answers(p, i)));
    const mining = new MiningManager(api, memoryStore(), () => NOW);
    await mining.show(MAIN);
    await mining.pollNow();
    expect(mining.pollResult).toBe('Checked: 2 alerts.');
    poll = { ok: false, error: { code: 'network_error', message: 'The exchange cannot be reached.' } };
    await mining.pollNow();
    expect(mining.pollResult).toBeUndefined();
    expect(mining.pollError?.message).toBe('The exchange cannot be reached.');
  });
});
