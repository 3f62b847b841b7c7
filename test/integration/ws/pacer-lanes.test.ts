// The desk's sockets open at the exchange's pace, and a socket a screen waits on does not wait behind
// them: against the sandbox, with real sockets, five accounts queued for the board in the background,
// then a screen asking for the last of them, which opens next. The board's sockets ask their tokens as
// background work of their keys; the screen's socket asks its own as interactive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountView, LiveState } from '../../../main/ipc/contract.ts';
import { ConnectionPacer } from '../../../main/exchange/ws/index.ts';
import { createLogger } from '../../../main/log.ts';
import { LiveService } from '../../../main/services/live/service.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';

let core: TestCore;
const { ok } = procedureCalls(() => core);

beforeAll(async () => {
  core = await createTestCore();
}, 60_000);
afterAll(() => core.close());

describe('the connection pacer with screens and the board', () => {
  it("opens the socket a screen asks for next, ahead of the board's waiting sockets", async () => {
    const accounts = (await ok<AccountView[]>('accounts.list')).map((a) => a.id);
    expect(accounts.length).toBeGreaterThanOrEqual(5);
    const desk = accounts.slice(0, 5);
    // A turn every 250 ms: far apart enough that no handshake changes the order.
    const pacer = new ConnectionPacer({ limit: 4, windowMs: 1_000 });
    const live = new LiveService(
      core.connection.status.wsUrl,
      core.accounts,
      core.events,
      createLogger(() => {}),
      undefined,
      pacer,
    );
    const order: string[] = [];
    // Each socket's one-time token, read by REST: the board's as background work of its key.
    const tokens: Array<[string, boolean]> = [];
    const stopObserving = core.connection.http.observe((outcome) => {
      if (outcome.path === '/api/v4/profile/websocket_token')
        tokens.push([outcome.apiKey ?? '', outcome.background === true]);
    });
    const allLive = new Promise<void>((resolve) => {
      live.onState((account: string, state: LiveState) => {
        if (state !== 'live' || order.includes(account)) return;
        order.push(account);
        if (order.length === desk.length) resolve();
      });
    });
    try {
      for (const account of desk) live.subscribe(account, 'balanceSpot', '*', 'board', 'background');
      expect(pacer.waitingIn('background')).toBe(4);
      const screen = desk[4] ?? '';
      live.subscribe(screen, 'ordersPending', 'BTC_USDT', 'trade');
      expect(pacer.waitingIn('interactive')).toBe(1);
      expect(pacer.waitingIn('background')).toBe(3);
      await allLive;
      expect(order).toEqual([desk[0], screen, desk[1], desk[2], desk[3]]);
      const keys = await Promise.all(
        desk.map(async (id) => (await core.accounts.caller(id)).credentials.apiKey),
      );
      expect(tokens).toEqual([
        [keys[0], true],
        [keys[4], false],
        [keys[1], true],
        [keys[2], true],
        [keys[3], true],
      ]);
    } finally {
      stopObserving();
      live.stop();
    }
  });
});
