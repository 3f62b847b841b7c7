/**
 * Figures of the Trade screen are derived from their sources, never kept: against a real sandbox and
 * the app's main process in one process, the screen's own workspace (ticket, funds, orders, candles).
 * - "Available" after the ticket's orders are cancelled with "Cancel all" is what the exchange says
 *   the account may spend, and the figure the ticket's own balance rule names;
 * - the chart's last candle follows the market's trades even when the exchange sends no candle for
 *   it (another chart took the connection's one candles subscription): its close is the last trade's
 *   price (a new minute's candle is built from trades too: `test/unit/renderer/live-candle.test.ts`).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import { inProcessTransport } from '../../../main/ipc/in-process-transport.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { createBridge } from '../../../preload/bridge.ts';
import type { TxcApi } from '../../../renderer/src/lib/api.ts';
import { compareDecimal } from '../../../renderer/src/lib/format/decimal.ts';
import { MarketCandles } from '../../../renderer/src/lib/managers/candles.svelte.ts';
import { MarketList } from '../../../renderer/src/lib/managers/market-list.svelte.ts';
import { memoryStore } from '../../../renderer/src/lib/managers/storage.ts';
import { TradeWorkspace } from '../../../renderer/src/lib/managers/trade-workspace.svelte.ts';
import { createTestCore, registerAccount, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const desktop = scriptedDesktop();
let sandbox: Sandbox;
let core: TestCore;
let api: TxcApi;
let mainId = '';
let makerId = '';

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 11, simulate: false });
  core = await createTestCore({
    connection: { kind: 'live', restUrl: sandbox.rest, wsUrl: sandbox.ws },
    platform: desktop.platform,
  });
  const key = (label: string) => sandbox.accounts.find((a) => a.label === label);
  mainId = (await registerAccount(core, 'main', key('main'), 'main')).id;
  makerId = (await registerAccount(core, 'sub-maker', key('sub-maker'))).id;
  api = createBridge(inProcessTransport(core.router, core.events, 'renderer'));
}, 60_000);
afterAll(async () => {
  await core.close();
  await sandbox.close();
});

/** What the exchange itself says the account may spend of `ticker` now. */
async function spendable(account: string, ticker: string): Promise<string> {
  return (await trading.tradeBalanceOf(await core.accounts.caller(account), ticker)).available;
}

describe('the Trade screen derives', () => {
  it('"Available" from the account\'s balance after "Cancel all": what the exchange and the ticket\'s balance rule say', async () => {
    const workspace = new TradeWorkspace(api, memoryStore(), new MarketList(api), () => undefined);
    await workspace.load();
    workspace.ticket.set({ market: 'BTC_USDT' });
    workspace.follow(mainId, 'BTC_USDT');
    const { ticket, send, funds } = workspace;
    const available = () => funds.funds?.available ?? '';
    await funds.refresh(mainId);
    const before = await spendable(mainId, 'USDT');
    expect(compareDecimal(available(), before)).toBe(0);

    // three bids held from the balance, each placed through the ticket
    for (const price of ['50000', '50100', '50200']) {
      ticket.set({ kind: 'limit', side: 'buy', amount: '0.01', price });
      await send.submit(mainId);
      expect(ticket.placed?.order?.orderId).toBeDefined();
    }
    await vi.waitFor(() => expect(workspace.active.orders).toHaveLength(3), { timeout: 10_000 });
    const held = await spendable(mainId, 'USDT');
    expect(compareDecimal(held, before)).toBeLessThan(0);
    await vi.waitFor(() => expect(compareDecimal(available(), held)).toBe(0), { timeout: 10_000 });

    // "Cancel all" (main asks natively; the person confirms): the bids give their USDT back
    workspace.cancelAll();
    await vi.waitFor(() => expect(workspace.active.orders).toHaveLength(0), { timeout: 10_000 });
    expect(compareDecimal(await spendable(mainId, 'USDT'), before)).toBe(0);
    await vi.waitFor(() => expect(compareDecimal(available(), before)).toBe(0), { timeout: 10_000 });

    // the ticket's balance rule names the same figure the line shows
    ticket.set({ amount: '100', price: '50000' });
    await ticket.check();
    const issue = ticket.issuesFor('amount')[0]?.message ?? '';
    expect(issue).toMatch(/available/);
    const named = /([\d,]+(?:\.\d+)?) USDT is available/.exec(issue)?.[1]?.replaceAll(',', '') ?? '';
    expect(compareDecimal(named, available())).toBe(0);
    workspace.stop();
  });

  it("the chart's last candle from the market's trades, when the exchange sends no candle for it", async () => {
    const chart = new MarketCandles(api, memoryStore());
    await chart.follow(mainId, 'BTC_USDT');
    // another chart on the same account's connection takes its one candles subscription
    const other = new MarketCandles(api, memoryStore());
    await other.follow(mainId, 'ETH_USDT');
    const lastClose = () => chart.candles.at(-1)?.close;
    const maker = await core.accounts.caller(makerId);
    const taker = await core.accounts.caller(mainId);

    /** A trade at `price`: a resting sell of the maker taken by a buy of the main account. */
    async function tradeAt(price: string): Promise<void> {
      await trading.limitOrder(maker, { market: 'BTC_USDT', side: 'sell', amount: '0.001', price });
      await trading.limitOrder(taker, { market: 'BTC_USDT', side: 'buy', amount: '0.001', price });
    }

    const ask = Number(sandbox.control.engine.book('BTC_USDT').best('sell')) / 100;
    for (const below of [40, 30, 45]) {
      const price = (Math.floor(ask) - below).toFixed(1);
      await tradeAt(price);
      await vi.waitFor(() => expect(compareDecimal(lastClose() ?? '', price)).toBe(0), { timeout: 10_000 });
    }
    await chart.stop();
    await other.stop();
  });
});
