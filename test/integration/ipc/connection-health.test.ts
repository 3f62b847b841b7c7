import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventHub } from '../../../main/event-hub.ts';
import { ConnectionHealth } from '../../../main/features/connection/health.ts';
import type { AccountView, ConnectionHealthView, LiveState } from '../../../main/ipc/contract.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';

let core: TestCore;
const { call, ok } = procedureCalls(() => core);
const pushed: Array<{ atMs: number; view: ConnectionHealthView }> = [];

beforeAll(async () => {
  core = await createTestCore();
  core.events.subscribe((name, payload) => {
    if (name === 'connection.health')
      pushed.push({ atMs: Date.now(), view: payload as ConnectionHealthView });
  });
});
afterAll(() => core.close());

const sandbox = () => {
  const s = core.connection.sandbox;
  if (!s) throw new Error('no embedded sandbox');
  return s;
};
const latest = () => pushed.at(-1)?.view.exchange.state;

describe('connection health', () => {
  it('says the exchange is unreachable at the first failed request and clears when it returns', async () => {
    await expect.poll(() => core.health.view.exchange.state).toBe('reachable');
    const [main] = await ok<AccountView[]>('accounts.list');
    await sandbox().suspend();
    const killedAt = Date.now();
    // A read fails at once, without the back-off of a reachable exchange's retries, once it is known down.
    const first = await call('balances.spot', { accountId: main?.id });
    expect(first.ok).toBe(false);
    await expect.poll(latest, { timeout: 3_000 }).toBe('unreachable');
    const down = pushed.find((p) => p.view.exchange.state === 'unreachable');
    expect((down?.atMs ?? Infinity) - killedAt).toBeLessThan(3_000);
    expect(down?.view.exchange.reason).toMatch(/Could not reach the exchange/);
    const started = Date.now();
    expect((await call('balances.spot', { accountId: main?.id })).ok).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((await ok<ConnectionHealthView>('connection.health')).exchange.state).toBe('unreachable');

    await sandbox().resume();
    // Nobody asks: the probe finds it back.
    await expect.poll(latest, { timeout: 5_000 }).toBe('reachable');
    expect((await call('balances.spot', { accountId: main?.id })).ok).toBe(true);
  });

  it('sees a stopped exchange within about 2 s when nothing on screen asks it anything, and sees it back', async () => {
    await expect.poll(() => core.health.view.exchange.state).toBe('reachable');
    await sandbox().suspend();
    const stoppedAt = Date.now();
    await expect.poll(latest, { timeout: 5_000 }).toBe('unreachable');
    const down = pushed.findLast((p) => p.view.exchange.state === 'unreachable');
    expect((down?.atMs ?? Infinity) - stoppedAt).toBeLessThan(3_000);
    await sandbox().resume();
    await expect.poll(latest, { timeout: 5_000 }).toBe('reachable');
  });

  it('counts a socket that has not been live yet as opening, and one that was live and dropped as reconnecting', async () => {
    // A health of its own, told of socket states as main's live service tells them.
    let tell: ((accountId: string, state: LiveState) => void) | undefined;
    const health = new ConnectionHealth(core.connection.http, new EventHub(), {
      accountOfKey: () => undefined,
      onSocketState: (listener) => {
        tell = listener;
        return () => (tell = undefined);
      },
    });
    const sockets = () => health.view.sockets;
    const state = (accountId: string, s: LiveState) => tell?.(accountId, s);
    const before = sockets();
    state('desk-a', 'connecting');
    state('desk-b', 'authorizing');
    expect(sockets()).toEqual({ ...before, opening: before.opening + 2 });
    state('desk-a', 'live');
    expect(sockets()).toEqual({ ...before, live: before.live + 1, opening: before.opening + 1 });
    state('desk-a', 'connecting');
    expect(sockets()).toEqual({ ...before, opening: before.opening + 1, down: before.down + 1 });
    // Closed and opened again: a first opening once more.
    state('desk-a', 'stopped');
    state('desk-a', 'connecting');
    state('desk-b', 'stopped');
    expect(sockets()).toEqual({ ...before, opening: before.opening + 1 });
    state('desk-a', 'stopped');
    expect(sockets()).toEqual(before);
    health.stop();
    expect(tell).toBeUndefined();
  });

  it('names an account whose key is disabled while the exchange answers, until it works again', async () => {
    const accounts = await ok<AccountView[]>('accounts.list');
    const alpha = accounts.find((a) => a.label === 'Sandbox sub-alpha');
    const key = sandbox().accounts.find((a) => a.label === 'sub-alpha')?.apiKey ?? '';
    sandbox().control.setKeyEnabled(key, false);
    expect((await call('balances.spot', { accountId: alpha?.id })).ok).toBe(false);
    const health = await ok<ConnectionHealthView>('connection.health');
    expect(health.exchange.state).toBe('reachable');
    expect(health.accounts).toEqual([
      expect.objectContaining({ account: alpha?.id, kind: 'key_disabled', message: expect.any(String) }),
    ]);
    sandbox().control.setKeyEnabled(key, true);
    expect((await call('balances.spot', { accountId: alpha?.id })).ok).toBe(true);
    expect((await ok<ConnectionHealthView>('connection.health')).accounts).toEqual([]);
  });
});
