/**
 * The order ticket's fields as typed, and what follows from them alone: the draft main is sent, the
 * asset the amount is in, and the order in words. Which fields a kind of order takes is the rules' own
 * answer (`main/rules/types.ts`, the functions main checks an order with).
 */
import type { OrderDraftInput, OrderEstimateView } from '../../../../main/ipc/contract.ts';
import {
  isCollateralKind,
  isOco,
  ORDER_KINDS,
  takesActivation,
  takesBboRole,
  takesLimitFlags,
  takesLimitPrice,
  takesOtoLegs,
  type OrderKind,
} from '../../../../main/rules/types.ts';
import { compareDecimal } from '../format/decimal.ts';
import { divideDecimal } from '../format/exact.ts';
import { placesOf, stepOf } from '../format/market-steps.svelte.ts';
import { formatNumber } from '../format/number.ts';

export type { OrderKind };
export type Side = 'buy' | 'sell';
export const stpModes = ['no', 'cb', 'cn', 'co'] as const;
export type StpMode = (typeof stpModes)[number];
/** '' = at the typed price; 1 = best price on our side (queue); 2 = best price on the other side. */
export type BboRole = '' | '1' | '2';
/** '' = not sent (one-way mode answers BOTH); LONG/SHORT are required in hedge mode. */
export type PositionSide = '' | 'BOTH' | 'LONG' | 'SHORT';

export const kindTitles: Record<OrderKind, string> = {
  limit: 'limit',
  market: 'market',
  stock_market: 'market (amount in base)',
  stop_limit: 'stop-limit',
  stop_market: 'stop-market',
  collateral_market: 'collateral market',
  collateral_limit: 'collateral limit',
  collateral_stop_limit: 'collateral stop-limit',
  collateral_trigger_market: 'collateral trigger-market',
  collateral_oco: 'collateral OCO',
};

/** Every order type, as the ticket offers them while its market's own list is not known. */
export const orderKinds: readonly OrderKind[] = ORDER_KINDS;

/** A price field must be typed unless the best price (bboRole) is asked for. */
export function needsPrice(f: Pick<TicketFields, 'kind' | 'bboRole'>): boolean {
  return takesLimitPrice(f.kind) && !(takesBboRole(f.kind) && f.bboRole !== '');
}
/** A market (or stop-market) buy is sized by what it spends, in the quote asset. */
export function quoteSized(kind: OrderKind, side: Side): boolean {
  return (kind === 'market' || kind === 'stop_market') && side === 'buy';
}

/** What the ticket holds, as typed. */
export interface TicketFields {
  kind: OrderKind;
  side: Side;
  market: string;
  amount: string;
  price: string;
  activationPrice: string;
  /** An OCO's stop leg: the limit price it rests at once triggered. */
  stopLimitPrice: string;
  postOnly: boolean;
  ioc: boolean;
  stp: StpMode;
  clientOrderId: string;
  bboRole: BboRole;
  rpi: boolean;
  retail: boolean;
  positionSide: PositionSide;
  reduceOnly: boolean;
  takeProfit: string;
  stopLoss: string;
}

export function emptyFields(market = ''): TicketFields {
  return {
    kind: 'limit',
    side: 'buy',
    market,
    amount: '',
    price: '',
    activationPrice: '',
    stopLimitPrice: '',
    postOnly: false,
    ioc: false,
    stp: 'no',
    clientOrderId: '',
    bboRole: '',
    rpi: false,
    retail: false,
    positionSide: '',
    reduceOnly: false,
    takeProfit: '',
    stopLoss: '',
  };
}

/** The draft the contract takes: only the fields this kind of order uses. */
export function draftOf(f: TicketFields): OrderDraftInput {
  const draft: OrderDraftInput = { kind: f.kind, market: f.market, side: f.side, amount: f.amount.trim() };
  if (takesLimitPrice(f.kind) && (f.price.trim() || needsPrice(f))) draft.price = f.price.trim();
  if (takesActivation(f.kind)) draft.activation_price = f.activationPrice.trim();
  if (isOco(f.kind)) draft.stop_limit_price = f.stopLimitPrice.trim();
  if (takesLimitFlags(f.kind)) {
    if (f.postOnly) draft.postOnly = true;
    if (f.ioc) draft.ioc = true;
    if (f.rpi) draft.rpi = true;
    if (f.retail && f.kind === 'limit') draft.retail = true;
  }
  if (takesBboRole(f.kind) && f.bboRole !== '') draft.bboRole = f.bboRole === '1' ? 1 : 2;
  if (isCollateralKind(f.kind)) {
    if (f.positionSide) draft.positionSide = f.positionSide;
    if (f.reduceOnly) draft.reduceOnly = true;
  }
  if (takesOtoLegs(f.kind)) {
    if (f.takeProfit.trim()) draft.takeProfit = f.takeProfit.trim();
    if (f.stopLoss.trim()) draft.stopLoss = f.stopLoss.trim();
  }
  if (f.stp !== 'no') draft.stp = f.stp;
  if (f.clientOrderId.trim()) draft.clientOrderId = f.clientOrderId.trim();
  return draft;
}

/** Base and quote assets of a market name such as `BTC_USDT` (or `BTC_PERP`). */
export function assetsOf(market: string): { base: string; quote: string } {
  const [base = market, quote = ''] = market.split('_');
  return { base, quote };
}

/** Base and quote as amounts and values are counted: a perpetual (`BTC_PERP`) is valued in USDT. */
export function tradedAssets(market: string): { base: string; quote: string } {
  const { base, quote } = assetsOf(market);
  return { base, quote: quote === 'PERP' ? 'USDT' : quote };
}

/** The asset the typed amount is in: the quote for a market (or stop-market) buy, else the base. */
export function amountAsset(f: Pick<TicketFields, 'kind' | 'side' | 'market'>): string {
  const { base, quote } = tradedAssets(f.market);
  return quoteSized(f.kind, f.side) ? quote : base;
}

/**
 * An estimate to read at a glance: written to the asset's precision on the market when known, else cut
 * to 2 decimals from 1 up (8 below).
 */
function estimated(value: string, asset: string, market: string): string {
  const places = placesOf(asset, market);
  if (places !== undefined) return formatNumber(value, { places });
  const cut = compareDecimal(value, '1') >= 0 ? 2 : 8;
  return formatNumber(divideDecimal(value, '1', cut) ?? value);
}

/** An order's value in the quote: to the market's money precision; an exact one in full where it is not known. */
function valueOf(value: string, quote: string, market: string, estimate: boolean): string {
  if (estimate) return estimated(value, quote, market);
  const places = placesOf(quote, market);
  return formatNumber(value, places === undefined ? {} : { places });
}

/** A value as typed, grouped ("64,415"), never rounded: what is sent. */
const typed = (value: string): string => formatNumber(value.trim()) || '…';

/** A market order larger than the book main read: its price is known only for the part the book holds. */
export function beyondBook(estimate: OrderEstimateView | undefined): boolean {
  return estimate?.source === 'book' && estimate.complete === false;
}

/**
 * Exactly what the submit button will do, with both the base amount and the value, e.g. "Buy 0.001
 * BTC at 30,000 (30 USDT) — limit, post-only" or "Buy about 0.00038 BTC for 25 USDT — market". The
 * value (and a market buy's base amount) is main's estimate from the whole book it read; an order
 * larger than that book says so instead of pricing the part it holds; "…" until main answered for
 * this draft.
 */
export function describeOrder(f: TicketFields, estimate?: OrderEstimateView): string {
  const { base, quote } = tradedAssets(f.market);
  const verb = f.side === 'buy' ? 'Buy' : 'Sell';
  const amount = typed(f.amount);
  const book = estimate !== undefined && estimate.source !== 'price';
  const beyond = beyondBook(estimate);
  const holds = beyond
    ? `more than the book holds: ${formatNumber(estimate?.sideBase ?? '0', { step: stepOf(f.market) })} ${base}`
    : '';
  const sizedInQuote = quoteSized(f.kind, f.side);
  let text = sizedInQuote
    ? beyond
      ? `${verb} ${base} for ${amount} ${quote} (${holds})`
      : `${verb} ${estimate ? `about ${estimated(estimate.base, base, f.market)}` : '…'} ${base} for ${amount} ${quote}`
    : `${verb} ${amount} ${base}`;
  if (takesLimitPrice(f.kind))
    text += needsPrice(f)
      ? ` at ${typed(f.price)}`
      : ` at the best ${f.bboRole === '1' ? 'price on its side' : 'opposite price'}`;
  if (isOco(f.kind))
    text += `, or at ${typed(f.stopLimitPrice)} once the price reaches ${typed(f.activationPrice)}`;
  else if (takesActivation(f.kind)) text += ` when the price reaches ${typed(f.activationPrice)}`;
  if (!sizedInQuote)
    text += beyond
      ? ` (${holds})`
      : ` (${estimate ? `${book ? 'about ' : ''}${valueOf(estimate.value, quote, f.market, book)}` : '…'} ${quote})`;
  const flags = [kindTitles[f.kind]];
  if (takesLimitFlags(f.kind)) {
    if (f.postOnly) flags.push('post-only');
    if (f.ioc) flags.push('IOC');
    if (f.rpi) flags.push('RPI');
    if (f.retail && f.kind === 'limit') flags.push('retail');
  }
  if (isCollateralKind(f.kind)) {
    if (f.positionSide) flags.push(f.positionSide);
    if (f.reduceOnly) flags.push('reduce-only');
  }
  if (takesOtoLegs(f.kind)) {
    if (f.takeProfit.trim()) flags.push(`TP ${typed(f.takeProfit)}`);
    if (f.stopLoss.trim()) flags.push(`SL ${typed(f.stopLoss)}`);
  }
  if (f.stp !== 'no') flags.push(`STP ${f.stp}`);
  return `${text} — ${flags.join(', ')}`;
}

/** The ticket's field names as the rules name them. */
export const ruleFields = [
  'kind',
  'amount',
  'price',
  'activation_price',
  'stop_limit_price',
  'market',
  'clientOrderId',
  'stp',
  'postOnly',
  'ioc',
  'rpi',
  'retail',
  'bboRole',
  'positionSide',
  'reduceOnly',
  'takeProfit',
  'stopLoss',
] as const;
