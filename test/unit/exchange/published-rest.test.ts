/**
 * The exchange's published REST examples (its OpenAPI files, `test/support/published.ts`) fed to the
 * app's endpoint readers, each through the same function (and response schema) the app calls: every
 * example is read, every value the app keeps under the example's name is the example's value, and the
 * call goes to the endpoint the example documents. Older published shapes (a list around the
 * modified order, a flat trade balance, `stop_loss` legs) are read too.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as collateral from '../../../main/exchange/endpoints/collateral.ts';
import * as deposit from '../../../main/exchange/endpoints/deposit-address.ts';
import * as flex from '../../../main/exchange/endpoints/flex.ts';
import * as main from '../../../main/exchange/endpoints/main-account.ts';
import * as mining from '../../../main/exchange/endpoints/mining.ts';
import * as profile from '../../../main/exchange/endpoints/profile.ts';
import * as publicApi from '../../../main/exchange/endpoints/public.ts';
import type { KeyCaller } from '../../../main/exchange/endpoints/shapes.ts';
import * as admin from '../../../main/exchange/endpoints/sub-account-admin.ts';
import * as keys from '../../../main/exchange/endpoints/sub-account-api-keys.ts';
import * as subAccounts from '../../../main/exchange/endpoints/sub-accounts.ts';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import type { ExchangeHttp } from '../../../main/exchange/http.ts';
import { REST_ENDPOINTS } from '../../../main/exchange/registry/index.ts';
import { UNPUBLISHED } from '../../support/contract/traffic.ts';
import { fixtureNames, restFixture, restFixtures, valueDiff } from '../../support/published.ts';

/** A caller whose every answer is the published example `name` (its `index`th), read by the endpoint's own schema. */
function answering(
  name: string,
  index = 0,
): {
  caller: KeyCaller;
  http: ExchangeHttp;
  paths: string[];
  parsed: unknown[];
} {
  const { response } = restFixtures(name)[index] ?? restFixture(name);
  const paths: string[] = [];
  const parsed: unknown[] = [];
  const read = (path: string, schema: z.ZodType) => {
    paths.push(path);
    const out = schema.parse(response);
    parsed.push(out);
    return Promise.resolve(out);
  };
  const caller = { post: (path: string, _f: unknown, schema: z.ZodType) => read(path, schema) };
  const http = { publicGet: (path: string, schema: z.ZodType) => read(path, schema) };
  return { caller: caller as unknown as KeyCaller, http: http as unknown as ExchangeHttp, paths, parsed };
}

/** Per published example: the call the app makes with it, and what the app reads of the answer. */
const READS: Record<string, (a: ReturnType<typeof answering>) => Promise<unknown>> = {
  'order-new': ({ caller }) =>
    trading.limitOrder(caller, { market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '40000' }),
  'order-bulk': ({ caller }) => trading.bulkLimitOrders(caller, []),
  'order-market': ({ caller }) =>
    trading.marketOrder(caller, { market: 'BTC_USDT', side: 'buy', amount: '50' }),
  'order-stock-market': ({ caller }) =>
    trading.stockMarketOrder(caller, { market: 'BTC_USDT', side: 'buy', amount: '0.001' }),
  'order-stop-limit': ({ caller }) =>
    trading.stopLimitOrder(caller, {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '40000',
      activation_price: '40000',
    }),
  'order-stop-market': ({ caller }) =>
    trading.stopMarketOrder(caller, {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '50',
      activation_price: '40000',
    }),
  'order-cancel': ({ caller }) => trading.cancelOrder(caller, { market: 'BTC_USDT', orderId: 4180284841 }),
  orders: ({ caller }) => trading.activeOrders(caller, { market: 'BTC_USDT' }),
  'executed-history': ({ caller }) => trading.executedDealsByMarket(caller),
  'order-history': ({ caller }) => trading.orderHistory(caller),
  'order-modify': ({ caller }) =>
    trading.modifyOrder(caller, { market: 'BTC_USDT', orderId: 2590468842, price: '38635' }),
  'kill-switch': ({ caller }) => trading.killSwitch(caller, 'BTC_USDT', 5, ['spot', 'margin']),
  'kill-switch-status': ({ caller }) => trading.killSwitchStatus(caller, 'BTC_USDT'),
  'trade-balance': ({ caller }) => trading.tradeBalance(caller),
  'collateral-balance': ({ caller }) => collateral.collateralBalance(caller),
  'collateral-summary': ({ caller }) => collateral.collateralSummary(caller),
  'positions-open': ({ caller }) => collateral.openPositions(caller),
  'positions-history': ({ caller }) => collateral.positionsHistory(caller),
  leverage: ({ caller }) => collateral.setLeverage(caller, 5),
  'hedge-mode': ({ caller }) => collateral.hedgeMode(caller),
  'hedge-mode-update': ({ caller }) => collateral.setHedgeMode(caller, true),
  'order-collateral-market': ({ caller }) =>
    collateral.collateralMarketOrder(caller, { market: 'BTC_PERP', side: 'sell', amount: '0.01' }),
  'borrow-history': ({ caller }) => collateral.borrowHistory(caller),
  'convert-auto-confirm': ({ caller }) =>
    main.convertAutoConfirm(caller, {
      from: 'BTC',
      to: 'USDT',
      direction: 'from',
      amount: '1',
      idempotencyKey: 'convert-1',
    }),
  'main-balance': ({ caller }) => main.balance(caller),
  'withdrawable-balance': ({ caller }) => main.withdrawableBalance(caller),
  withdraw: ({ caller }) =>
    main.withdraw(caller, { ticker: 'ETH', amount: '0.9', address: '0x0', uniqueId: 'u-1' }),
  'withdraw-pay': ({ caller }) =>
    main.withdrawPay(caller, { ticker: 'ETH', amount: '0.9', address: '0x0', uniqueId: 'u-2' }),
  'main-transfer': ({ caller }) =>
    main.transferBetweenBalances(caller, { from: 'main', to: 'spot', ticker: 'XLM', amount: '0.9' }),
  'main-history': ({ caller }) => main.history(caller),
  codes: ({ caller }) => main.createCode(caller, { ticker: 'ETH', amount: '0.002' }),
  'flex-investments': ({ caller }) => flex.investments(caller),
  'flex-close': ({ caller }) => flex.closeInvestment(caller, '8f2e9d3c-1a4b-4c2d-9e5f-6a7b8c9d0e1f'),
  'sub-account-transfer': ({ caller }) =>
    subAccounts.transfer(caller, { id: 'sub-1', direction: 'main_to_sub', amount: '42.0', ticker: 'USDC' }),
  'sub-account-balances': ({ caller }) => subAccounts.balances(caller, { id: 'sub-1', ticker: 'USDC' }),
  'sub-account-list': ({ caller }) => admin.page(caller),
  'sub-account-api-key-edit': ({ caller }) =>
    subAccounts.editApiKey(caller, { apiKeyId: 'k-1', title: 't', urls: [] }),
  'sub-account-api-key-reset': ({ caller }) => subAccounts.resetApiKey(caller, 'k-1'),
  'sub-account-transfer-history': ({ caller }) =>
    subAccounts.transferHistory(caller, { id: 'sub-1', direction: 'main_to_sub' }),
  'sub-account-create': ({ caller }) =>
    admin.create(caller, {
      alias: 'training',
      email: 'email@google.com',
      shareKyc: true,
      permissions: { spotEnabled: true, collateralEnabled: false },
    }),
  'sub-account-api-key-create': ({ caller }) => keys.createKey(caller, { subAccountId: 'sub-1', type: 2 }),
  'sub-account-api-key-list': ({ caller }) => keys.listKeys(caller, { subAccountId: 'sub-1' }),
  'sub-account-api-key-ip-list': ({ caller }) => keys.listIps(caller, 'k-1'),
  'sub-account-api-key-ip-create': ({ caller }) => keys.addIp(caller, 'k-1', '127.10.10.255'),
  'sub-account-api-key-ip-delete': ({ caller }) => keys.removeIp(caller, 'k-1', '127.10.10.255'),
  'main-account-address': ({ caller }) => deposit.address(caller, { ticker: 'USDT', network: 'ERC20' }),
  'create-new-address': ({ caller }) =>
    deposit.createNewAddress(caller, { ticker: 'BTC', network: 'BTC', type: 'bech32' }),
  'conditional-orders': ({ caller }) => collateral.conditionalOrders(caller, 'BTC_USDT'),
  'refund-deposit': ({ caller }) =>
    main.refundDeposit(caller, { transactionId: '54bffeb7-7a8f-43f8-bcd8-f14ec10fee85', address: '0x12' }),
  'travel-rule-verification': ({ caller }) =>
    main.travelRuleVerification(caller, {
      uniqueId: '550e8400-e29b-41d4-a716-446655440000',
      walletType: 'unhosted',
      originator: {
        type: 'individual',
        firstName: 'Jane',
        lastName: 'Doe',
        residenceCountry: 'DEU',
        walletAddress: '0x12',
        address: { country: 'DEU', city: 'Berlin', addressLine1: 'Alexanderplatz 1' },
      },
    }),
  'sub-account-edit': ({ caller }) =>
    admin.edit(caller, {
      id: 'sub-1',
      alias: 'renamed',
      permissions: { spotEnabled: true, collateralEnabled: false },
    }),
  'sub-account-delete': ({ caller }) => admin.remove(caller, 'sub-1'),
  'sub-account-block': ({ caller }) => admin.block(caller, 'sub-1'),
  'sub-account-unblock': ({ caller }) => admin.unblock(caller, 'sub-1'),
  'sub-account-api-key-delete': ({ caller }) => keys.deleteKey(caller, 'k-1'),
  'sub-account-withdraw-unconfirmed': ({ caller }) => admin.unconfirmedWithdrawals(caller),
  'public-fee': ({ http }) => publicApi.fees(http),
  'mining-rewards': ({ caller }) => mining.rewards(caller, { account: 'my-mining-account-01' }),
  'mining-accounts': ({ caller }) => mining.accounts(caller),
  'mining-watcher-links': ({ caller }) => mining.watcherLinks(caller, 'desk-pool'),
  'mining-miners-info': ({ caller }) => mining.minerInfo(caller, 'desk-pool'),
  'travel-rule-vasps': ({ caller }) => main.vasps(caller),
  'websocket-token': ({ caller }) => profile.websocketToken(caller),
  'public-markets': ({ http }) => publicApi.markets(http),
  'public-futures': ({ http }) => publicApi.futures(http),
  'public-assets': ({ http }) => publicApi.assets(http),
  'public-orderbook': ({ http }) => publicApi.orderBook(http, 'BTC_PERP'),
  'public-collateral-markets': ({ http }) => publicApi.collateralMarkets(http),
  'order-collateral-limit': ({ caller }) =>
    collateral.collateralLimitOrder(caller, {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
      price: '40000',
      positionSide: 'LONG',
      stopLoss: '50000',
      takeProfit: '30000',
    }),
  'order-collateral-stop-limit': ({ caller }) =>
    collateral.collateralStopLimitOrder(caller, {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '40000',
      activation_price: '40000',
    }),
  'order-collateral-trigger-market': ({ caller }) =>
    collateral.collateralTriggerMarketOrder(caller, {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
      activation_price: '40000',
    }),
  'order-collateral-oco': ({ caller }) =>
    collateral.collateralOcoOrder(caller, {
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.001',
      price: '40000',
      activation_price: '41000',
      stop_limit_price: '42000',
    }),
};

/** Examples whose schema itself takes the value out of its envelope: the part compared. */
const INSIDE: Record<string, (published: { [k: string]: unknown }) => unknown> = {
  'flex-close': (v) => ({ data: (v['data'] as { transaction_id: unknown }).transaction_id }),
  'public-collateral-markets': (v) => v['result'],
};

describe('every published REST example is read by the endpoint the app calls', () => {
  it('has a reader for every kept example, and an example for every reader', () => {
    expect(Object.keys(READS).sort()).toEqual(fixtureNames('rest'));
  });

  it('has an example of every endpoint of the registry the files publish', () => {
    const fed = new Set(fixtureNames('rest').map((n) => restFixture(n).endpoint));
    const missing = REST_ENDPOINTS.map((e) => `${e.method} ${e.path}`).filter(
      (e) => !fed.has(e) && UNPUBLISHED.rest[e] === undefined,
    );
    expect(missing).toEqual([]);
  });

  /** Every example of every name: each success answer its endpoint publishes (`public-fee` has two). */
  const examples = fixtureNames('rest').flatMap((name) =>
    restFixtures(name).map((f, i) => [i === 0 ? name : `${name}, ${f.source.section}`, name, i] as const),
  );

  it.each(examples)('%s', async (_label, name, index) => {
    const a = answering(name, index);
    // a published answer the schema refuses rejects here (the app would say it cannot read it)
    await (READS[name] as (x: typeof a) => Promise<unknown>)(a);
    // every value the app's reading keeps under the example's own names is the example's value
    // (a deal's role reads as its word: checked by codes.ts's tests)
    const { response: published, endpoint } = restFixtures(name)[index] ?? restFixture(name);
    const diff = valueDiff(a.parsed.at(-1), INSIDE[name]?.(published) ?? published, ['.role']);
    expect(diff, diff.join('; ')).toEqual([]);
    // the call went to the endpoint the example documents
    expect(a.paths.at(-1)).toBe(endpoint.split(' ')[1]?.replace('{market}', 'BTC_PERP'));
  });
});

const readOf = <T>(name: string, index = 0): Promise<T> =>
  (READS[name] as (a: ReturnType<typeof answering>) => Promise<T>)(answering(name, index));

describe('what the app reads of the published examples', () => {
  it('orders keep their words and decimal strings; a stop order its trigger', async () => {
    expect(await readOf('order-new')).toMatchObject({
      orderId: 4180284841,
      side: 'buy',
      type: 'limit',
      price: '40000',
      activated: 0,
      activationCondition: 'lte',
      activation_price: '40000',
    });
    expect(await readOf('order-modify')).toMatchObject({ orderId: 4180284841, price: '40000' });
    expect(await readOf('orders')).toEqual([
      expect.objectContaining({
        orderId: 4180284841,
        oto: { otoId: 29457221, stopLoss: '30000', takeProfit: '50000' },
      }),
    ]);
    expect(await readOf('order-history')).toEqual([
      expect.objectContaining({
        id: 4986126152,
        market: 'BTC_USDT',
        status: 'CANCELED',
        ftime: 1597486960.311332,
      }),
    ]);
  });

  it('an OCO pair of the conditional list by its legs, camelCase or older snake_case', async () => {
    const [oco, oto] = await readOf<collateral.ConditionalOrder[]>('conditional-orders');
    expect([oco?.type, oco?.stopLoss?.orderId, oco?.takeProfit?.orderId]).toEqual([
      'oco',
      117703764514,
      117703764515,
    ]);
    expect([oto?.type, oto?.conditionalOrder?.orderId, oto?.stopLossPrice]).toEqual([
      'oto',
      3686033640,
      '30000',
    ]);
  });

  it('the collateral balance shown as numbers reads as decimal strings', async () => {
    expect(await readOf('collateral-balance')).toEqual({ BTC: '1', USDT: '1000', ETH: '5.5' });
  });

  it('an open position with its funding and TP/SL; a history record with side and isHedge', async () => {
    const [withLegs, without] = await readOf<collateral.OpenPosition[]>('positions-open');
    expect(withLegs).toMatchObject({
      positionId: 527,
      liquidationPrice: null,
      funding: '0',
      unrealizedFunding: '0.0019142920201966',
      tpsl: { takeProfitId: 123, takeProfit: '50000', stopLossId: 124, stopLoss: '35000' },
    });
    expect(without).toMatchObject({ positionId: 528, tpsl: null });
    expect(await readOf('positions-history')).toEqual([
      expect.objectContaining({ side: 'LONG', isHedge: false }),
    ]);
  });

  it('markets with their precisions and delisting; futures with the funding bounds', async () => {
    expect(await readOf('public-markets')).toEqual([
      expect.objectContaining({
        name: 'SON_USD',
        stockPrec: 3,
        moneyPrec: 2,
        tickSize: '',
        stepSize: '',
        delistedAt: 1786752000,
      }),
    ]);
    const [btc] = await readOf<publicApi.FuturesMarket[]>('public-futures');
    expect(btc).toMatchObject({ max_leverage: 100, mark_price: '' });
    expect([typeof btc?.funding_cap, typeof btc?.funding_floor]).toEqual(['string', 'string']);
    expect(await readOf('public-collateral-markets')).toContain('BTC_USDT');
  });

  it('the fees of a crypto asset and of a fiat currency by provider', async () => {
    const fees = await readOf<Record<string, publicApi.AssetFee>>('public-fee');
    expect(fees['BTC']?.withdraw).toMatchObject({ fixed: '0.0002' });
    const fiat = await readOf<Record<string, publicApi.AssetFee>>('public-fee', 1);
    expect(fiat['EUR']).toMatchObject({
      providers: ['EUR_SEPA_BCB', 'EUR_ADVCASH'],
      withdraw: { EUR_SEPA_BCB: { min_amount: '10', flex: { percent: '0.05', max_fee: '7.25' } } },
    });
  });

  it('a kill switch armed answers its timer; disarmed, an empty list: no timer', async () => {
    expect(await readOf('kill-switch')).toMatchObject({ market: 'BTC_USDT', types: ['spot', 'margin'] });
    expect(await readOf('kill-switch', 1)).toBeUndefined();
  });

  it('collateral orders with their side, OTO legs and flags; an OCO by its two legs', async () => {
    expect(await readOf('order-collateral-limit')).toMatchObject({
      orderId: 4180284841,
      type: 'limit',
      positionSide: 'LONG',
      reduceOnly: false,
      oto: { otoId: 29457221, stopLoss: '30000', takeProfit: '50000' },
    });
    expect(await readOf('order-collateral-stop-limit')).toMatchObject({
      type: 'stop limit',
      activation_price: '40000',
    });
    expect(await readOf('order-collateral-trigger-market')).toMatchObject({
      side: 'sell',
      type: 'stop market',
      activation_price: '40000',
    });
    const oco = await readOf<collateral.OcoAnswer>('order-collateral-oco');
    expect([oco.id, oco.stop_loss.orderId, oco.stop_loss.type, oco.take_profit.orderId]).toEqual([
      117703764513,
      117703764514,
      'stop limit',
      117703764515,
    ]);
  });

  it('transaction ids under either name', async () => {
    expect(await readOf('flex-close')).toBe('tx_9f3e0d4c-2b5c-4d3e-8f6g-7a8b9c0d1e2f');
    expect(await readOf('sub-account-api-key-reset')).toBeUndefined();
  });

  it('a deposit or withdrawal under its unique and transaction ids', async () => {
    const { records } = await readOf<main.WalletHistory>('main-history');
    expect(records[0]).toMatchObject({
      uniqueId: null,
      transactionId: '5e112b38-9652-11ed-a1eb-0242ac120002',
      ticker: 'BTC',
      method: 1,
      status: 15,
    });
  });
});

describe("what the app reads of the sub-account lifecycle's published examples", () => {
  it('a new key with its secret apart; a listed key with its type as a number, no secret', async () => {
    const made = await readOf<keys.CreatedApiKey>('sub-account-api-key-create');
    expect(made.key).toMatchObject({ type: 1, title: 'Trading Bot Key' });
    expect(typeof made.apiSecret).toBe('string');
    const [listed] = await readOf<keys.SubAccountApiKey[]>('sub-account-api-key-list');
    expect(listed).toMatchObject({ type: 1, isEnabled: true });
  });

  it('a sub-account with its masked e-mail; a transfer under its transaction id', async () => {
    expect(await readOf('sub-account-create')).toMatchObject({
      id: '8e667b4a-0b71-4988-8af5-9474dbfaeb51',
      email: 's***@example.com',
    });
    expect(await readOf('sub-account-transfer-history')).toEqual([
      expect.objectContaining({ id: 'tx-abc123', direction: 'main_to_sub' }),
    ]);
  });

  it('a deposit address with its memo and deposit terms', async () => {
    expect(await readOf('main-account-address')).toMatchObject({
      account: {
        address: 'GDTSOI56XNVAKJNJBLJGRNZIVOCIZJRBIDKTWSCYEYNFAZEMBLN75RMN',
        memo: '48565488244493',
      },
      required: { minAmount: '1', maxAmount: '0', fixedFee: '0' },
    });
  });
});
