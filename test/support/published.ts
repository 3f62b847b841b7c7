/**
 * The exchange's published examples by name: from its contract files (`../shared/spec/published`,
 * read through `contract/examples.ts`) where they publish one, otherwise kept as test data under
 * `test/fixtures/published` (each file names where it was copied from: the order methods' pages,
 * ccxt's copies, the spec's own records); and the one comparison the conformance tests hold the
 * sandbox's own answers to: the same fields, each of the same kind, as the published example.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { Decimal } from 'decimal.js';
import { join } from 'node:path';
import { answerExamples, messageExamples, requestExamples } from './contract/examples.ts';

const ROOT = join(import.meta.dirname, '..', 'fixtures', 'published');

export interface Source {
  repo?: string;
  package?: string;
  spec?: string;
  path?: string;
  commit?: string;
  section: string;
}

export interface WsFixture {
  source: Source;
  note?: string;
  /** The whole frame as published: `{id, result, error}` or `{id: null, method, params}`. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  message: any;
}

export interface RestFixture {
  source: Source;
  note?: string;
  /** `POST /api/v4/orders` or `GET /api/v4/public/markets`. */
  endpoint: string;
  request?: Record<string, unknown>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  response: any;
}

const read = <T>(...parts: string[]): T => JSON.parse(readFileSync(join(ROOT, ...parts), 'utf8')) as T;

/**
 * REST examples the contract files publish, by the name the tests use: the endpoint. (The executed
 * deals and the hedge-mode update publish no example: their older published examples are kept.)
 */
export const PUBLISHED_REST: Readonly<Record<string, string>> = {
  codes: 'POST /api/v4/main-account/codes',
  'collateral-balance': 'POST /api/v4/collateral-account/balance',
  'collateral-summary': 'POST /api/v4/collateral-account/summary',
  'flex-close': 'POST /api/v4/main-account/smart-flex/investments/close',
  'flex-investments': 'POST /api/v4/main-account/smart-flex/investments',
  'hedge-mode': 'POST /api/v4/collateral-account/hedge-mode',
  'kill-switch-status': 'POST /api/v4/order/kill-switch/status',
  'kill-switch': 'POST /api/v4/order/kill-switch',
  leverage: 'POST /api/v4/collateral-account/leverage',
  'main-account-address': 'POST /api/v4/main-account/address',
  'main-balance': 'POST /api/v4/main-account/balance',
  'main-history': 'POST /api/v4/main-account/history',
  'main-transfer': 'POST /api/v4/main-account/transfer',
  'mining-rewards': 'POST /api/v4/mining/rewards',
  'order-bulk': 'POST /api/v4/order/bulk',
  'order-cancel': 'POST /api/v4/order/cancel',
  'order-cancel-bulk': 'POST /api/v4/order/cancel/bulk',
  'order-cancel-all': 'POST /api/v4/order/cancel/all',
  'order-deals': 'POST /api/v4/trade-account/order',
  'market-fee': 'POST /api/v4/market/fee',
  'oco-orders': 'POST /api/v4/oco-orders',
  'oco-cancel': 'POST /api/v4/order/oco-cancel',
  'oto-cancel': 'POST /api/v4/order/oto-cancel',
  'order-collateral-market': 'POST /api/v4/order/collateral/market',
  'order-history': 'POST /api/v4/trade-account/order/history',
  'order-market': 'POST /api/v4/order/market',
  'order-modify': 'POST /api/v4/order/modify',
  'order-new': 'POST /api/v4/order/new',
  'order-stock-market': 'POST /api/v4/order/stock_market',
  'order-stop-limit': 'POST /api/v4/order/stop_limit',
  'order-stop-market': 'POST /api/v4/order/stop_market',
  orders: 'POST /api/v4/orders',
  'positions-history': 'POST /api/v4/collateral-account/positions/history',
  'positions-open': 'POST /api/v4/collateral-account/positions/open',
  'public-assets': 'GET /api/v4/public/assets',
  'public-collateral-markets': 'GET /api/v4/public/collateral/markets',
  'public-futures': 'GET /api/v4/public/futures',
  'public-markets': 'GET /api/v4/public/markets',
  'public-orderbook': 'GET /api/v4/public/orderbook/{market}',
  'sub-account-api-key-create': 'POST /api/v4/sub-account/api-key/create',
  'sub-account-api-key-edit': 'POST /api/v4/sub-account/api-key/edit',
  'sub-account-api-key-ip-create': 'POST /api/v4/sub-account/api-key/ip-address/create',
  'sub-account-api-key-ip-delete': 'POST /api/v4/sub-account/api-key/ip-address/delete',
  'sub-account-api-key-ip-list': 'POST /api/v4/sub-account/api-key/ip-address/list',
  'sub-account-api-key-list': 'POST /api/v4/sub-account/api-key/list',
  'sub-account-api-key-reset': 'POST /api/v4/sub-account/api-key/reset',
  'sub-account-balances': 'POST /api/v4/sub-account/balances',
  'sub-account-create': 'POST /api/v4/sub-account/create',
  'sub-account-list': 'POST /api/v4/sub-account/list',
  'sub-account-transfer-history': 'POST /api/v4/sub-account/transfer/history',
  'sub-account-transfer': 'POST /api/v4/sub-account/transfer',
  'trade-balance': 'POST /api/v4/trade-account/balance',
  'websocket-token': 'POST /api/v4/profile/websocket_token',
  'withdraw-pay': 'POST /api/v4/main-account/withdraw-pay',
  withdraw: 'POST /api/v4/main-account/withdraw',
  'mining-accounts': 'POST /api/v4/mining/accounts',
  'mining-miners-info': 'POST /api/v4/mining/miners/info',
  'mining-watcher-links': 'POST /api/v4/mining/watcher-links/list',
  'mining-workers-names': 'POST /api/v4/mining/workers/names',
  'mining-workers-hashrate': 'POST /api/v4/mining/workers/hashrate',
  'mining-payout-destination': 'POST /api/v4/mining/payout-destination',
  'mining-payout-destination-edit': 'POST /api/v4/mining/payout-destination/edit',
  'travel-rule-vasps': 'POST /api/v4/travel-rule/vasps',
  'conditional-orders': 'POST /api/v4/conditional-orders',
  'public-fee': 'GET /api/v4/public/fee',
  'refund-deposit': 'POST /api/v4/main-account/refund-deposit',
  'travel-rule-verification': 'POST /api/v4/travel-rule/deposit/verification',
  'create-new-address': 'POST /api/v4/main-account/create-new-address',
  'sub-account-edit': 'POST /api/v4/sub-account/edit',
  'sub-account-delete': 'POST /api/v4/sub-account/delete',
  'sub-account-block': 'POST /api/v4/sub-account/block',
  'sub-account-unblock': 'POST /api/v4/sub-account/unblock',
  'sub-account-api-key-delete': 'POST /api/v4/sub-account/api-key/delete',
  'sub-account-withdraw-unconfirmed': 'POST /api/v4/sub-account/withdraw/unconfirmed-list',
  'order-collateral-limit': 'POST /api/v4/order/collateral/limit',
  'order-collateral-stop-limit': 'POST /api/v4/order/collateral/stop-limit',
  'order-collateral-trigger-market': 'POST /api/v4/order/collateral/trigger-market',
  'order-collateral-oco': 'POST /api/v4/order/collateral/oco',
  'codes-apply': 'POST /api/v4/main-account/codes/apply',
  'closed-pnl': 'POST /api/v4/collateral-account/positions/closed-pnl',
  'funding-history': 'POST /api/v4/collateral-account/funding-history',
  'convert-history': 'POST /api/v4/convert/history',
  'flex-plans': 'POST /api/v4/main-account/smart-flex/plans',
  'flex-invest': 'POST /api/v4/main-account/smart-flex/investments/invest',
  'flex-withdraw': 'POST /api/v4/main-account/smart-flex/investments/withdraw',
  'flex-auto-invest': 'POST /api/v4/main-account/smart-flex/investments/auto-invest',
  'flex-history': 'POST /api/v4/main-account/smart-flex/investments/history',
  'flex-payments': 'POST /api/v4/main-account/smart-flex/investments/payment-history',
  'fiat-deposit-url': 'POST /api/v4/main-account/fiat-deposit-url',
  'credit-loan': 'POST /api/v4/credit-line/loans/info',
  'sub-account-withdraw-confirm': 'POST /api/v4/sub-account/withdraw/confirm',
  'sub-account-kyc-url': 'POST /api/v4/sub-account/kyc-url',
  'order-collateral-bulk': 'POST /api/v4/order/collateral/bulk',
  'collateral-balance-summary': 'POST /api/v4/collateral-account/balance-summary',
  'delisting-history': 'POST /api/v4/trade-account/order/history/query',
  'platform-status': 'GET /api/v4/public/platform/status',
  'public-time': 'GET /api/v4/public/time',
  'public-ping': 'GET /api/v4/public/ping',
  'public-depth': 'GET /api/v4/public/orderbook/depth/{market}',
  'public-ticker': 'GET /api/v4/public/ticker',
  'public-trades': 'GET /api/v4/public/trades/{market}',
  'mining-pool': 'GET /api/v4/public/mining-pool',
  'public-funding-history': 'GET /api/v4/public/funding-history/{market}',
  'mining-account-create': 'POST /api/v4/mining/accounts/create',
  'mining-watcher-link-create': 'POST /api/v4/mining/watcher-links/create',
  'convert-estimate': 'POST /api/v4/convert/estimate',
  'convert-confirm': 'POST /api/v4/convert/confirm',
  'codes-my': 'POST /api/v4/main-account/codes/my',
  'codes-history': 'POST /api/v4/main-account/codes/history',
  'main-account-fee': 'POST /api/v4/main-account/fee',
  'adl-quantile': 'POST /api/v4/collateral-account/adl-quantile',
};

/** WebSocket examples the contract files publish: the message and which of its examples. */
export const PUBLISHED_WS: Readonly<Record<string, readonly [string, number]>> = {
  authorize_answer: ['authorize', 0],
  balanceMargin_request: ['balanceMargin_request', 0],
  balanceMargin_update: ['balanceMargin_update', 0],
  balanceSpot_update: ['balanceSpot_update', 0],
  bookTicker_update: ['bookTicker_update', 0],
  borrowsMargin_update: ['borrowsMargin_update', 0],
  candles_request: ['candles_request', 0],
  candles_update: ['candles_update', 0],
  deals_request: ['deals_request', 0],
  deals_update: ['deals_update', 0],
  depth_request: ['depth_request', 0],
  depth_update_full: ['depth_update', 0],
  depth_update: ['depth_update', 1],
  lastprice_update: ['lastprice_update', 0],
  market_update: ['market_update', 0],
  marketToday_update: ['marketToday_update', 0],
  marketToday_query: ['marketToday_query', 0],
  borrowsAccountMargin_update: ['borrowsAccountMargin_update', 0],
  ordersExecuted_request: ['ordersExecuted_request', 0],
  ordersExecuted_update: ['ordersExecuted_update', 0],
  ordersPending_request: ['ordersPending_request', 0],
  ordersPending_update: ['ordersPending_update', 0],
  ping_answer: ['ping', 0],
  positionsAccountMargin_update: ['positionsAccountMargin_update', 0],
  positionsMargin_update: ['positionsMargin_update', 0],
  trades_update: ['trades_update', 0],
  trades_request: ['trades_request', 0],
};

const publishedSource = (where: string): Source => ({ spec: 'published', section: where });

/** A WebSocket example by name (`ordersPending_update`, `ccxt/deals_update`). */
export function wsFixture(name: string): WsFixture {
  const published = PUBLISHED_WS[name];
  if (!published) return read<WsFixture>('ws', `${name}.json`);
  const ex = messageExamples(published[0])[published[1]];
  if (!ex) throw new Error(`no published example ${published[1]} of ${published[0]}`);
  return { source: publishedSource(ex.where), message: ex.value };
}

/** Every REST example of a name (`orders`, `order-new`): each success answer the files publish for its endpoint. */
export function restFixtures(name: string): RestFixture[] {
  const endpoint = PUBLISHED_REST[name];
  if (!endpoint) return [read<RestFixture>('rest', `${name}.json`)];
  const answers = answerExamples(endpoint);
  if (answers.length === 0) throw new Error(`${endpoint} publishes no answer example`);
  const [request] = requestExamples(endpoint);
  return answers.map((answer) => ({
    source: publishedSource(answer.where),
    endpoint,
    ...(request && typeof request.value === 'object' && request.value !== null
      ? { request: request.value as Record<string, unknown> }
      : {}),
    response: answer.value,
  }));
}

/** A REST example by name (`orders`, `order-new`): the first its endpoint publishes. */
export function restFixture(name: string): RestFixture {
  return restFixtures(name)[0] as RestFixture;
}

/** The names of every example of a kind (`ws`, `ws/ccxt`, `rest`): the kept files and the published ones. */
export function fixtureNames(dir: 'ws' | 'ws/ccxt' | 'rest'): string[] {
  const kept = readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length));
  const published =
    dir === 'rest' ? Object.keys(PUBLISHED_REST) : dir === 'ws' ? Object.keys(PUBLISHED_WS) : [];
  return [...new Set([...kept, ...published])].sort();
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Two published values as one: objects field by field (deeply), otherwise the first. */
function merge(a: unknown, b: unknown): unknown {
  if (a === undefined || a === null) return b;
  if (!isRecord(a) || !isRecord(b)) return a;
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = merge(out[k], v);
  return out;
}

/** What one JSON value is, as far as the shape goes. */
function kind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'string') return /^-?\d+(\.\d+)?$/.test(v) ? 'decimal string' : 'string';
  return typeof v;
}

export interface ShapeRules {
  /**
   * Paths (`$.records[]`, `$`) of objects keyed by names (tickers, markets): each value is held to the
   * published values' shape, whatever its key.
   */
  keyed?: readonly string[];
  /** Paths of published fields the sandbox may leave out, each with why. */
  optional?: Readonly<Record<string, string>>;
  /** Paths of fields the sandbox sends beyond the published example, each with why (the spec names it). */
  extra?: Readonly<Record<string, string>>;
  /** Paths whose value may be of another kind than published, each with why. */
  loose?: Readonly<Record<string, string>>;
  /**
   * `allowed`: fields beyond the example are not differences (the contract tests hold every answer to
   * the published schema, which names every field the exchange may send).
   */
  extras?: 'allowed';
}

/**
 * Where `actual` (the sandbox's answer) is not in the shape of `published`, field by field: a field
 * missing, one more than published, or a value of another kind (a decimal string where a decimal
 * string is published, a number for a number, ...). A published null stands for "null or a value".
 * Empty when the shapes agree.
 */
export function shapeDiff(actual: unknown, published: unknown, rules: ShapeRules = {}, path = '$'): string[] {
  if (rules.loose?.[path] !== undefined) return [];
  if (published === null) return [];
  // where the schema allows null (checked against the schema itself), a value may be null
  if (actual === null && rules.extras === 'allowed') return [];
  const want = kind(published);
  const got = kind(actual);
  if (want !== got) {
    // a decimal string is a string: a published word may be a digit string in the sandbox, not the reverse
    if (!(want === 'string' && got === 'decimal string'))
      return [`${path}: ${got} where the published example has ${want}`];
  }
  if (Array.isArray(published)) {
    const items = actual as unknown[];
    if (published.length === 0) return [];
    // a published array of one kind of item: every item the sandbox sends is held to the first
    const tuple = published.some((p) => kind(p) !== kind(published[0]));
    if (tuple) {
      if (items.length !== published.length)
        return [
          `${path}: ${String(items.length)} items where the published example has ${String(published.length)}`,
        ];
      return published.flatMap((p, i) => shapeDiff(items[i], p, rules, `${path}[${String(i)}]`));
    }
    return items.flatMap((item) => shapeDiff(item, published[0], rules, `${path}[]`));
  }
  if (typeof published !== 'object') return [];
  const want_ = published as Record<string, unknown>;
  const got_ = actual as Record<string, unknown>;
  if (rules.keyed?.includes(path)) {
    // every published value together: the fields any of them shows
    const sample = Object.values(want_).reduce(merge, undefined);
    return Object.values(got_).flatMap((v) => shapeDiff(v, sample, rules, `${path}{}`));
  }
  const out: string[] = [];
  for (const [key, value] of Object.entries(want_)) {
    const at = `${path}.${key}`;
    if (!(key in got_)) {
      if (rules.optional?.[at] === undefined) out.push(`${at}: missing`);
      continue;
    }
    out.push(...shapeDiff(got_[key], value, rules, at));
  }
  if (rules.extras === 'allowed') return out;
  for (const key of Object.keys(got_)) {
    const at = `${path}.${key}`;
    if (!(key in want_) && rules.extra?.[at] === undefined) out.push(`${at}: not in the published example`);
  }
  return out;
}

const isNumeric = (v: unknown): boolean =>
  (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v));

/**
 * Where the app's reading of a published example holds a different value under a name the example
 * uses: every field both name must agree (a number read as its decimal string, or a digit string as
 * its number, is the same value). `words`: fields (by the end of their path, `.side`) whose numbers
 * the app reads as words on purpose, each checked by the codes' own tests. Fields the app drops or
 * renames are not compared.
 */
export function valueDiff(
  read: unknown,
  published: unknown,
  words: readonly string[] = [],
  path = '$',
): string[] {
  if (words.some((w) => path.endsWith(w))) return [];
  if (Array.isArray(published) && Array.isArray(read))
    return published.flatMap((p, i) =>
      i < read.length ? valueDiff(read[i], p, words, `${path}[${String(i)}]`) : [],
    );
  if (isRecord(published) && isRecord(read))
    return Object.entries(published).flatMap(([k, v]) =>
      k in read ? valueDiff(read[k], v, words, `${path}.${k}`) : [],
    );
  if (read === published) return [];
  if (isNumeric(read) && isNumeric(published) && new Decimal(read as string).eq(published as string))
    return [];
  return [`${path}: read ${JSON.stringify(read)} where the example has ${JSON.stringify(published)}`];
}
