import { describe, expect, it } from 'vitest';
import {
  EventsManager,
  LIVE_LIMIT,
  methodWords,
  webhookWords,
} from '../../../renderer/src/lib/managers/events.svelte.ts';
import { STORED_PAGE, WebhookEventsManager } from '../../../renderer/src/lib/managers/webhooks.svelte.ts';
import { fakeBridge } from './fake-bridge.ts';

const ID = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';

describe('event words', () => {
  it('names webhook methods in words and keeps unknown ones as given', () => {
    expect(methodWords('withdraw.created')).toBe('Withdrawal created');
    expect(methodWords('deposit.canceled')).toBe('Deposit cancelled');
    expect(methodWords('something.new')).toBe('something.new');
  });

  it('puts the facts of a webhook in words, amounts exactly as sent', () => {
    expect(
      webhookWords({
        amount: '11.000',
        ticker: 'USDT',
        fee: '0',
        address: '0xfeed',
        uniqueId: 'u1',
        nonce: 5,
      }),
    ).toBe('11.000 USDT · address 0xfeed · id u1');
    expect(webhookWords({ amount: '1', ticker: 'BTC', fee: '0.0005' })).toBe('1 BTC · fee 0.0005');
    expect(webhookWords(null)).toBe('');
  });
});

describe('EventsManager', () => {
  it('lists pushed events newest first with their kind, account and level, and filters by kind', () => {
    const { api, emit } = fakeBridge({});
    let now = 1_000;
    const manager = new EventsManager(api, () => now++);
    const stop = manager.listen();
    // a socket's first opening is no entry
    for (const state of ['connecting', 'authorizing', 'reconciling', 'live'] as const)
      emit('ws.state', { accountId: ID, state });
    expect(manager.live).toEqual([]);
    emit('mining.alert', {
      account: ID,
      miningAccount: 'pool',
      kind: 'offline',
      online: 1,
      offline: 2,
      low: 0,
      message: '2 offline',
    });
    emit('sync.finished', { job: 'j', account: ID, outcome: 'failed', message: 'key revoked' });
    emit('app.notice', { level: 'info', message: 'hello' });
    emit('webhook.event', {
      account: ID,
      id: 'e1',
      method: 'withdraw.created',
      nonce: 1,
      params: { amount: '5', ticker: 'USDT' },
    });
    // once live, losing it is one
    emit('ws.state', { accountId: ID, state: 'connecting' });
    expect(manager.live.map((e) => e.kind)).toEqual(['stream', 'webhook', 'notice', 'sync', 'mining']);
    expect(manager.live[0]).toMatchObject({ title: 'WebSocket connecting', level: 'warning' });
    expect(manager.live.map((e) => e.atMs)).toEqual([1004, 1003, 1002, 1001, 1000]);
    const mining = manager.live.find((e) => e.kind === 'mining');
    expect(mining).toMatchObject({ account: ID, title: 'Workers offline on pool', level: 'warning' });
    expect(manager.live.find((e) => e.kind === 'sync')).toMatchObject({
      title: 'History sync failed',
      words: 'key revoked',
      level: 'error',
    });
    expect(manager.live.find((e) => e.kind === 'webhook')).toMatchObject({
      title: 'Withdrawal created',
      words: '5 USDT',
    });

    manager.shown.stream = false;
    manager.shown.notice = false;
    expect(manager.visible.map((e) => e.kind)).toEqual(['webhook', 'sync', 'mining']);
    expect(manager.count('webhook')).toBe(1);

    stop();
    emit('app.notice', { level: 'info', message: 'after stop' });
    expect(manager.live).toHaveLength(5);
  });

  it('lists board rows entering attention as one entry at the moment main gives, under their own kind', () => {
    const { api, emit } = fakeBridge({});
    const manager = new EventsManager(api, () => 9_999);
    const stop = manager.listen();
    emit('board.attention', {
      title: '3 accounts need attention',
      message: '2 keys revoked, 1 stale: Sub 1, Sub 2, Sub 3',
      atMs: 5_000,
      counts: { liquidation: 0, revoked: 2, stale: 1 },
      accounts: [],
    });
    stop();
    expect(manager.live).toEqual([
      {
        seq: 1,
        kind: 'attention',
        account: undefined,
        atMs: 5_000,
        title: '3 accounts need attention',
        words: '2 keys revoked, 1 stale: Sub 1, Sub 2, Sub 3',
        level: 'warning',
      },
    ]);
    expect(manager.count('attention')).toBe(1);
    manager.shown.attention = false;
    expect(manager.visible).toEqual([]);
  });

  it("lists a teammate's change of the desk at the moment it was made, under its own kind", () => {
    const { api, emit } = fakeBridge({});
    const manager = new EventsManager(api, () => 9_999);
    const stop = manager.listen();
    emit('team.change', {
      atMs: 4_000,
      by: 'bob',
      what: 'address-book',
      title: 'Not taken: bob\'s change of the desk\'s address book "Cold wallet" at 14:02',
      words: 'This app kept what it had: the address is not an Ethereum address.',
      level: 'warning',
    });
    emit('team.change', {
      atMs: 5_000,
      by: 'bob',
      what: 'account',
      account: ID,
      title: '"Treasury" changed by bob at 14:03',
      words: 'label "Treasury" → "Treasury EU"',
      level: 'info',
    });
    stop();
    expect(manager.live.map((e) => [e.kind, e.atMs, e.account, e.level, e.title])).toEqual([
      ['desk', 5_000, ID, 'info', '"Treasury" changed by bob at 14:03'],
      [
        'desk',
        4_000,
        undefined,
        'warning',
        'Not taken: bob\'s change of the desk\'s address book "Cold wallet" at 14:02',
      ],
    ]);
    manager.shown.desk = false;
    expect(manager.visible).toEqual([]);
  });

  it('keeps only the most recent events', () => {
    const { api, emit } = fakeBridge({});
    const manager = new EventsManager(api);
    manager.listen();
    for (let i = 0; i < LIVE_LIMIT + 10; i++) emit('app.notice', { level: 'info', message: `n${i}` });
    expect(manager.live).toHaveLength(LIVE_LIMIT);
    expect(manager.live[0]?.words).toBe(`n${LIVE_LIMIT + 9}`);
  });

  it('loads the stored events of the first account, adds live ones of that account, and reconciles', async () => {
    const stored = {
      id: 's1',
      account: ID,
      method: 'deposit.accepted',
      nonce: 1,
      receivedAtMs: 5,
      params: {},
    };
    const { api, calls, emit } = fakeBridge({
      'accounts.list': {
        ok: true,
        value: [
          {
            id: ID,
            label: 'Main',
            kind: 'main',
            subAccountId: null,
            apiKeyHint: 'a…b',
            connection: 'sandbox',
            groups: [],
            tags: [],
            favourite: false,
          },
        ],
      },
      'webhooks.events': { ok: true, value: [stored] },
      'webhooks.reconcile': { ok: true, value: 3 },
    });
    const events = new EventsManager(api, () => 99);
    events.listen();
    const manager = events.webhooks;
    await manager.loadAccounts();
    expect(manager.account).toBe(ID);
    expect(calls).toContainEqual(['webhooks.events', { accountId: ID, limit: 200 }]);
    expect(manager.stored.map((e) => e.id)).toEqual(['s1']);
    emit('webhook.event', { account: ID, id: 'e2', method: 'withdraw.pending', nonce: 2, params: {} });
    emit('webhook.event', { account: 'other', id: 'e3', method: 'withdraw.pending', nonce: 2, params: {} });
    expect(manager.stored.map((e) => e.id)).toEqual(['e2', 's1']);
    await manager.reconcile();
    expect(manager.reconciled).toBe(3);
    expect(calls).toContainEqual(['webhooks.reconcile', { accountId: ID }]);
  });

  it('turns the receiver on and off and sets the webhook key with the secret from the clipboard', async () => {
    const { api, calls } = fakeBridge({
      'webhooks.receiver': { ok: true, value: 'http://127.0.0.1:4000' },
      'webhooks.configure': {
        ok: false,
        error: { code: 'clipboard_empty', message: 'Copy it first', field: 'secret' },
      },
    });
    const manager = new WebhookEventsManager(api);
    expect(await manager.setReceiver(true, 4000)).toBe(true);
    expect(calls[0]).toEqual(['webhooks.receiver', { enabled: true, port: 4000 }]);
    expect(manager.receiverUrl).toBe('http://127.0.0.1:4000');
    expect(await manager.configure('k')).toBe(false);
    expect(calls).toHaveLength(1);
    manager.account = ID;
    expect(await manager.configure('k')).toBe(false);
    expect(calls[1]).toEqual(['webhooks.configure', { accountId: ID, apiKey: 'k' }]);
    expect(manager.configureError?.field).toBe('secret');
  });

  it('pages older stored events after the oldest one shown when a full page came back', async () => {
    const page = Array.from({ length: STORED_PAGE }, (_, i) => ({
      id: `p${i}`,
      account: ID,
      method: 'deposit.accepted',
      nonce: i,
      receivedAtMs: 10_000 - i,
      params: {},
    }));
    const { api, calls } = fakeBridge({ 'webhooks.events': { ok: true, value: page } });
    const manager = new WebhookEventsManager(api);
    await manager.choose(ID);
    expect(manager.storedMore).toBe(true);
    await manager.loadOlder();
    expect(calls.at(-1)).toEqual([
      'webhooks.events',
      {
        accountId: ID,
        before: { receivedAtMs: 10_000 - (STORED_PAGE - 1), id: `p${STORED_PAGE - 1}` },
        limit: STORED_PAGE,
      },
    ]);
    // Ids already shown are not repeated.
    expect(manager.stored).toHaveLength(STORED_PAGE);
  });
});
