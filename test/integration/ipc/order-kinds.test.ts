// Which order types each market takes, decided once in main: `markets.list` gives every market's
// order types, the rules refuse any other (on every path, before anything is signed), and the sandbox,
// faithful to the exchange, refuses the same orders when they are sent to it directly.
import { setTimeout as retryAfter } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountView, MarketView, RuleIssueView } from '../../../main/ipc/contract.ts';
import {
  COLLATERAL_KINDS,
  ORDER_KINDS,
  takesActivation,
  takesLimitPrice,
  type OrderKind,
} from '../../../main/rules/types.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { Client } from '../sandbox/support.ts';

let core: TestCore;
const { call, ok } = procedureCalls(() => core);
let main = '';
let markets: MarketView[] = [];

/** The exchange's endpoint for each order type. */
const PATHS: Record<OrderKind, string> = {
  limit: '/api/v4/order/new',
  market: '/api/v4/order/market',
  stock_market: '/api/v4/order/stock_market',
  stop_limit: '/api/v4/order/stop_limit',
  stop_market: '/api/v4/order/stop_market',
  collateral_market: '/api/v4/order/collateral/market',
  collateral_limit: '/api/v4/order/collateral/limit',
  collateral_stop_limit: '/api/v4/order/collateral/stop-limit',
  collateral_trigger_market: '/api/v4/order/collateral/trigger-market',
  collateral_oco: '/api/v4/order/collateral/oco',
};

/** A well-formed order of `kind` on `market`: a small amount above its minimums, prices near the book. */
async function draftFor(kind: OrderKind, market: MarketView): Promise<Record<string, unknown>> {
  const book = await ok<{ asks: string[][]; bids: string[][] }>('markets.depth', {
    market: market.name,
    limit: 1,
  });
  const bid = Number(book.bids[0]?.[0]);
  const step = Number(market.tickSize || `1e-${String(market.moneyPrec)}`);
  const onTick = (n: number) => (Math.round(n / step) * step).toFixed(market.moneyPrec);
  const amount = String(Math.max(Number(market.minAmount), Number(market.minTotal) / bid) * 4);
  const rounded = Number(amount).toFixed(market.stockPrec);
  const draft: Record<string, unknown> = { kind, market: market.name, side: 'sell', amount: rounded };
  if (takesLimitPrice(kind)) draft['price'] = onTick(bid * 1.05);
  if (takesActivation(kind)) draft['activation_price'] = onTick(bid * 0.9);
  if (kind === 'collateral_oco') draft['stop_limit_price'] = onTick(bid * 0.89);
  return draft;
}

beforeAll(async () => {
  core = await createTestCore();
  const accounts = await ok<AccountView[]>('accounts.list', undefined);
  main = accounts.find((a) => a.label === 'Sandbox main')?.id ?? '';
  expect(main).not.toBe('');
  markets = await ok<MarketView[]>('markets.list', undefined);
}, 60_000);
afterAll(() => core.close());

/**
 * The test's own signed request on the app's main key. The app signs on that key meanwhile (its own
 * reads and nonces), so the exchange may answer 429 (a rate limit, or a nonce another request just
 * passed); the request is sent again after the wait it names, as any client would.
 */
async function sendDirect(direct: Client, path: string, fields: Record<string, unknown>) {
  for (let attempt = 1; ; attempt++) {
    const answer = await direct.post(path, fields);
    if (answer.status !== 429 || attempt === 5) return answer;
    const wait = Number(answer.headers.get('Retry-After') ?? '0');
    await retryAfter(Math.max(wait * 1000, 50));
  }
}

describe('order types per market', () => {
  it('lists collateral orders alone on a futures market, and no collateral order on a spot market closed to margin', () => {
    const of = (name: string) => markets.find((m) => m.name === name)?.orderKinds;
    expect(of('BTC_PERP')).toEqual(COLLATERAL_KINDS);
    expect(of('BTC_USDT')).toEqual(ORDER_KINDS);
    expect(of('LTC_USDT')).toEqual(ORDER_KINDS.filter((k) => !COLLATERAL_KINDS.includes(k)));
  });

  it('the rules refuse exactly the order types a market does not take, naming the order type', async () => {
    for (const market of markets.filter((m) => ['BTC_USDT', 'LTC_USDT', 'BTC_PERP'].includes(m.name))) {
      for (const kind of ORDER_KINDS) {
        const draft = await draftFor(kind, market);
        const { issues } = await ok<{ issues: RuleIssueView[] }>('orders.check', { draft, accountId: main });
        const refused = issues.filter((i) => i.field === 'kind');
        expect({ market: market.name, kind, refused: refused.length }).toEqual({
          market: market.name,
          kind,
          refused: market.orderKinds.includes(kind) ? 0 : 1,
        });
        for (const issue of refused) expect(issue.message).toMatch(new RegExp(`^${market.name} is `));
      }
    }
  });

  it('a refused order type is not sent on any path, and the exchange refuses it too', async () => {
    const sandbox = core.connection.sandbox;
    const account = sandbox?.accounts.find((a) => a.label === 'main');
    if (!sandbox || !account) throw new Error('no sandbox main account');
    const direct = new Client(sandbox.rest, account);
    const perp = markets.find((m) => m.name === 'BTC_PERP');
    const ltc = markets.find((m) => m.name === 'LTC_USDT');
    if (!perp || !ltc) throw new Error('the sandbox lists BTC_PERP and LTC_USDT');
    const refused: Array<[OrderKind, MarketView]> = [
      ...ORDER_KINDS.filter((k) => !COLLATERAL_KINDS.includes(k)).map((k): [OrderKind, MarketView] => [
        k,
        perp,
      ]),
      ...COLLATERAL_KINDS.map((k): [OrderKind, MarketView] => [k, ltc]),
    ];
    for (const [kind, market] of refused) {
      const draft = await draftFor(kind, market);
      for (const procedure of ['orders.place', 'orders.placeWs']) {
        const reply = await call(procedure, { accountId: main, draft });
        expect(reply.ok ? 'sent' : reply.error.field).toBe('kind');
      }
      const { kind: _kind, ...fields } = draft;
      const answer = await sendDirect(direct, PATHS[kind], fields);
      expect({ kind, market: market.name, status: answer.status }).toEqual({
        kind,
        market: market.name,
        status: 422,
      });
    }
    const open = await ok<unknown[]>('orders.active', { accountId: main, market: 'BTC_PERP' });
    expect(open).toEqual([]);
  });
});
