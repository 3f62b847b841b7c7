/**
 * The app's readers of the exchange's published REST examples: for each example by name, the call the
 * app makes with it (through the same endpoint function, and the answer schema of the descriptor it
 * names), against a caller whose every answer is that example. The contract tests feed them every published example.
 */
import * as archive from '../../main/exchange/endpoints/archive.ts';
import * as collateral from '../../main/exchange/endpoints/collateral.ts';
import * as deposit from '../../main/exchange/endpoints/deposit-address.ts';
import * as flex from '../../main/exchange/endpoints/flex.ts';
import * as main from '../../main/exchange/endpoints/main-account.ts';
import * as mining from '../../main/exchange/endpoints/mining.ts';
import * as profile from '../../main/exchange/endpoints/profile.ts';
import * as publicApi from '../../main/exchange/endpoints/public.ts';
import type { KeyCaller } from '../../main/exchange/endpoints/shapes.ts';
import * as admin from '../../main/exchange/endpoints/sub-account-admin.ts';
import * as keys from '../../main/exchange/endpoints/sub-account-api-keys.ts';
import * as subAccounts from '../../main/exchange/endpoints/sub-accounts.ts';
import * as trading from '../../main/exchange/endpoints/trading.ts';
import type { ExchangeHttp } from '../../main/exchange/http.ts';
import { REST, type RestEndpoint } from '../../main/exchange/registry/index.ts';
import { restFixture, restFixtures } from './published.ts';

/**
 * A caller whose every answer is the published example `name` (its `index`th), read by the answer
 * schema of the descriptor the call names, as `ExchangeHttp` reads it.
 */
export function answering(
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
  const read = (endpoint: RestEndpoint, path = endpoint.path) => {
    paths.push(path);
    const out = endpoint.answer.parse(response);
    parsed.push(out);
    return Promise.resolve(out);
  };
  const caller = { call: (endpoint: RestEndpoint) => read(endpoint) };
  const http = {
    publicGet: (endpoint: RestEndpoint, _query: unknown, _signal: unknown, path?: string) =>
      read(endpoint, path),
  };
  return { caller: caller as unknown as KeyCaller, http: http as unknown as ExchangeHttp, paths, parsed };
}

/** Per published example: the call the app makes with it, and what the app reads of the answer. */
export const READS: Record<string, (a: ReturnType<typeof answering>) => Promise<unknown>> = {
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
  'order-cancel-bulk': ({ caller }) =>
    trading.cancelOrders(caller, [
      { market: 'BTC_USDT', orderId: 4326248250 },
      { market: 'ETH_USDT', clientOrderId: 'my-client-id' },
    ]),
  'order-cancel-all': ({ caller }) => trading.cancelAllOrders(caller, 'BTC_USDT'),
  'order-deals': ({ caller }) => trading.orderDeals(caller, 3134995325),
  'market-fee': ({ caller }) => trading.marketFees(caller),
  'oco-orders': ({ caller }) => collateral.ocoOrders(caller, 'BTC_USDT'),
  'oco-cancel': ({ caller }) => collateral.cancelOco(caller, 'BTC_USDT', 117703764513),
  'oto-cancel': ({ caller }) => collateral.cancelOto(caller, 'BTC_USDT', 117703764514),
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
  'closed-pnl': ({ caller }) => archive.closedPnl(caller, { startDate: 1778000000, endDate: 1778100000 }),
  'funding-history': ({ caller }) => archive.fundingHistory(caller, { market: 'BTC_PERP' }),
  'convert-history': ({ caller }) => archive.convertHistory(caller, { from: 1699000000, to: 1699260637 }),
  'convert-auto-confirm': ({ caller }) =>
    main.convertAutoConfirm(caller, {
      from: 'BTC',
      to: 'USDT',
      direction: 'from',
      amount: '1',
      idempotencyKey: 'convert-1',
    }),
  'convert-estimate': ({ caller }) =>
    main.convertEstimate(caller, { from: 'BTC', to: 'USDT', direction: 'from', amount: '1' }),
  'convert-confirm': ({ caller }) => main.convertConfirm(caller, '4050'),
  'codes-my': ({ caller }) => main.codes(caller, 'mine'),
  'codes-history': ({ caller }) => main.codes(caller, 'history', { limit: 100 }),
  'main-account-fee': ({ caller }) => main.fees(caller),
  'adl-quantile': ({ caller }) => collateral.adlQuantile(caller),
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
  'codes-apply': ({ caller }) =>
    main.applyCode(caller, {
      code: 'WBe11f4fce-2a53-4edc-b195-66b693bd77e3ETH',
      passphrase: 'some passphrase',
    }),
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
  'sub-account-withdraw-confirm': ({ caller }) => admin.confirmWithdrawal(caller, 'w-1'),
  'sub-account-kyc-url': ({ caller }) => admin.kycUrl(caller, 'sub-1'),
  'flex-plans': ({ caller }) => flex.plans(caller, { ticker: 'USDT' }),
  'flex-invest': ({ caller }) => flex.invest(caller, { plan: 'p-1', amount: '100', withReinvest: true }),
  'flex-withdraw': ({ caller }) => flex.withdraw(caller, { plan: 'p-1', amount: '50' }),
  'flex-auto-invest': ({ caller }) => flex.setAutoInvest(caller, 'p-1', true),
  'flex-history': ({ caller }) => flex.history(caller, { actionTypes: [1, 4] }),
  'flex-payments': ({ caller }) => flex.payments(caller),
  'fiat-deposit-url': ({ caller }) =>
    main.fiatDepositUrl(caller, { ticker: 'UAH', provider: 'VISAMASTER', amount: '100', uniqueId: 'u-1' }),
  'credit-loan': ({ caller }) => main.creditLoan(caller),
  'order-collateral-bulk': ({ caller }) =>
    collateral.collateralBulkLimitOrders(caller, [
      { market: 'BTC_USDT', side: 'buy', amount: '0.02', price: '40000' },
    ]),
  'collateral-balance-summary': ({ caller }) => collateral.balanceSummary(caller),
  'delisting-history': ({ caller }) => trading.delistingHistory(caller, { market: 'BTC_USDT' }),
  'public-fee': ({ http }) => publicApi.fees(http),
  'mining-rewards': ({ caller }) => mining.rewards(caller, { account: 'my-mining-account-01' }),
  'mining-accounts': ({ caller }) => mining.accounts(caller),
  'mining-watcher-links': ({ caller }) => mining.watcherLinks(caller, 'desk-pool'),
  'mining-miners-info': ({ caller }) => mining.minerInfo(caller, 'desk-pool'),
  'mining-hashrate': ({ caller }) => mining.hashrate(caller, { account: 'miner123', interval: '1h' }),
  'mining-workers-names': ({ caller }) => mining.workerNames(caller, 'my_miner_01'),
  'mining-workers-hashrate': ({ caller }) =>
    mining.workerHashrate(caller, { account: 'my_miner_01', worker: 'worker_001' }),
  'mining-payout-destination': ({ caller }) => mining.payoutDestination(caller, 'my_miner_01'),
  'mining-payout-destination-edit': ({ caller }) =>
    mining.setPayoutDestination(caller, {
      accountName: 'my_miner_01',
      destination: 'external_address',
      address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    }),
  'travel-rule-vasps': ({ caller }) => main.vasps(caller),
  'websocket-token': ({ caller }) => profile.websocketToken(caller),
  'public-markets': ({ http }) => publicApi.markets(http),
  'public-futures': ({ http }) => publicApi.futures(http),
  'public-assets': ({ http }) => publicApi.assets(http),
  'public-orderbook': ({ http }) => publicApi.orderBook(http, 'BTC_PERP'),
  'public-collateral-markets': ({ http }) => publicApi.collateralMarkets(http),
  'platform-status': ({ http }) => publicApi.platformMaintenance(http),
  'public-time': ({ http }) => publicApi.serverTimeMs(http),
  // the health probe asks it and reads only that it answered: its schema reads the example
  'public-ping': ({ http }) => http.publicGet(REST.ping, {}),
  'public-depth': ({ http }) => publicApi.nearDepth(http, 'BTC_PERP'),
  'public-ticker': ({ http }) => publicApi.tickers(http),
  'public-trades': ({ http }) => publicApi.recentTrades(http, 'BTC_PERP'),
  'mining-pool': ({ http }) => publicApi.miningPool(http),
  'public-funding-history': ({ http }) => publicApi.fundingHistory(http, 'BTC_PERP'),
  'mining-account-create': ({ caller }) => mining.createAccount(caller, 'my_miner_01'),
  'mining-watcher-link-create': ({ caller }) =>
    mining.createWatcherLink(caller, {
      accounts: ['my_miner_01'],
      name: 'monitoring_link',
      permissions: ['dashboard', 'workers'],
      liveUntil: '7d',
    }),
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
export const INSIDE: Record<string, (published: { [k: string]: unknown }) => unknown> = {
  'flex-close': (v) => ({ data: (v['data'] as { transaction_id: unknown }).transaction_id }),
  'flex-invest': (v) => ({ data: (v['data'] as { transaction_id: unknown }).transaction_id }),
  'flex-withdraw': (v) => ({ data: (v['data'] as { transaction_id: unknown }).transaction_id }),
  'public-collateral-markets': (v) => v['result'],
  // the new key pair, top level or under `data`: the published answer (an empty object) holds none
  'sub-account-api-key-reset': () => undefined,
};

/** What the app reads of example `name` (its `index`th). */
export const readOf = <T>(name: string, index = 0): Promise<T> =>
  (READS[name] as (a: ReturnType<typeof answering>) => Promise<T>)(answering(name, index));
