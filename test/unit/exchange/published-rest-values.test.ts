/**
 * What the app reads of the exchange's published REST examples, value by value: the words and
 * decimal strings it keeps, the shapes it reads tolerantly (a number as its string, camelCase or
 * snake_case, an answer around or without its envelope).
 */
import { describe, expect, it } from 'vitest';
import type * as collateral from '../../../main/exchange/endpoints/collateral.ts';
import type * as main from '../../../main/exchange/endpoints/main-account.ts';
import type * as publicApi from '../../../main/exchange/endpoints/public.ts';
import type * as keys from '../../../main/exchange/endpoints/sub-account-api-keys.ts';
import { readOf } from '../../support/published-reads.ts';

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
