/**
 * "Send orders over the WebSocket": with the socket live the order goes over it; when the socket does
 * not come up, the order goes over REST (once, never on both paths) and the answer says so in words.
 */
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import type { PlaceResultView } from '../../../main/ipc/contract.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { WS_NOT_LIVE_NOTE } from '../../../main/features/orders/ws-placing.ts';
import { createTestCore, procedureCalls, registerAccount, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

/** Answers yes to main's questions: these orders are placed beyond the price band on purpose. */
const desktop = scriptedDesktop();
let sandbox: Sandbox;
let core: TestCore;
let silent: Server;
let mainId: string;
const { ok, refused } = procedureCalls(() => core);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 11, simulate: false });
  // a socket that accepts connections and never answers: the WebSocket never comes up
  silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const address = silent.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  core = await createTestCore({
    platform: desktop.platform,
    connection: { kind: 'live', restUrl: sandbox.rest, wsUrl: `ws://127.0.0.1:${String(port)}` },
  });
  mainId = (
    await registerAccount(
      core,
      'Main',
      sandbox.accounts.find((a) => a.kind === 'main'),
    )
  ).id;
}, 30_000);
afterAll(async () => {
  await core.close();
  silent.close();
  await sandbox.close();
});

describe('an order asked over a WebSocket that is not live', () => {
  it('goes over REST once, and the answer says so', async () => {
    const placed = await ok<PlaceResultView>('orders.placeWs', {
      accountId: mainId,
      draft: { kind: 'limit', market: 'BTC_USDT', side: 'sell', amount: '0.001', price: '91234' },
    });
    expect(placed.sentOver).toBe('rest');
    expect(placed.note).toBe(WS_NOT_LIVE_NOTE);
    const open = await trading.activeOrders(await core.accounts.caller(mainId), { market: 'BTC_USDT' });
    expect(open.filter((o) => o.clientOrderId === placed.clientOrderId)).toHaveLength(1);
  }, 20_000);

  it('is refused by the same rules and guards first, nothing sent', async () => {
    const error = await refused('orders.placeWs', {
      accountId: mainId,
      draft: { kind: 'limit', market: 'BTC_USDT', side: 'sell', amount: '0.001', price: '91234.123' },
    });
    expect(error.field).toBe('price');
    desktop.confirmAnswer = false;
    const guard = await refused('orders.placeWs', {
      accountId: mainId,
      draft: { kind: 'limit', market: 'BTC_USDT', side: 'sell', amount: '0.001', price: '91234' },
    });
    desktop.confirmAnswer = true;
    expect(guard.code).toBe('not_confirmed');
  }, 20_000);
});
