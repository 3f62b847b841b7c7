/**
 * An order as each REST answer carries it. The exchange publishes one field set per endpoint
 * (`http-trade-v4.yaml`): the shared order shape of the spot endpoints, a narrower one per collateral
 * order endpoint, the OCO legs' own (snake_case `post_only`, `activation_condition`), the conditional
 * list's (camelCase `activationPrice`) and the finished orders' (`id`, `ctime`, `ftime`).
 */
import type { Order } from '../engine/order.ts';
import { orderJson } from '../engine/order.ts';
import type { MarketDef } from '../state.ts';

type Json = Record<string, unknown>;

const pick = (from: Json, fields: readonly string[]): Json => {
  const out: Json = {};
  for (const f of fields) if (from[f] !== undefined) out[f] = from[f];
  return out;
};

/** A status an answer's published set lacks, as the nearest it has: every early end is a cancel. */
export function statusWithin(status: unknown, allowed: readonly string[]): unknown {
  if (status === undefined || allowed.includes(String(status))) return status;
  return 'CANCELED';
}

const ACTIVE_STATUSES = ['FILLED', 'PARTIALLY_FILLED', 'CANCELED'] as const;
const HISTORY_STATUSES = [
  'FILLED',
  'CANCELED',
  'AUTO_CANCELED_LIQUIDATION',
  'AUTO_CANCELED_REDUCE_ONLY',
  'CANCELED_STP',
] as const;

/** Buy stops trigger at or above their price, sell stops at or below (a collateral leg says which itself). */
export const activationCondition = (o: Order): 'gte' | 'lte' =>
  (o.triggerAbove ?? o.side === 'buy') ? 'gte' : 'lte';

const FILLS = ['orderId', 'clientOrderId', 'market', 'side', 'type', 'timestamp'] as const;
const AMOUNTS = ['dealMoney', 'dealStock', 'amount', 'left', 'dealFee'] as const;

/** The record every shape is cut from: the engine's, with the published stop fields. */
function full(o: Order, m: MarketDef): Json {
  const out = orderJson(o, m);
  if (o.activationPrice !== null) {
    out['activated'] = o.activated ? 1 : 0;
    out['activationCondition'] = activationCondition(o);
  }
  // the retail flag is present only on an order placed with it
  if (!o.retail) delete out['retail'];
  return out;
}

/**
 * The shared order shape (order creation, cancel, active orders, modify, bulk items). `withPosition`:
 * the cancel, active-orders and modify answers add `positionSide`, `reduceOnly` and `oto` (the spot
 * creation answers do not).
 */
export function orderAnswer(o: Order, m: MarketDef, withPosition: boolean): Json {
  return pick(full(o, m), withPosition ? POSITION_FIELDS : SPOT_FIELDS);
}

/** The shared shape's fields, in the published order (listed once: every order placed is answered so). */
function answerFields(withPosition: boolean): readonly string[] {
  return [
    ...FILLS,
    ...AMOUNTS,
    'feeAsset',
    'price',
    'postOnly',
    'ioc',
    'status',
    'stp',
    ...(withPosition ? ['positionSide', 'oto'] : []),
    'rpi',
    'retail',
    ...(withPosition ? ['reduceOnly'] : []),
    'activated',
    'activationCondition',
    'activation_price',
  ];
}
const SPOT_FIELDS = answerFields(false);
const POSITION_FIELDS = answerFields(true);

export type CollateralAnswer = 'limit' | 'market' | 'stop limit' | 'stop market';

/** The answer of a collateral order endpoint (`order/collateral/limit`, `market`, `stop-limit`, `trigger-market`). */
export function collateralOrderAnswer(o: Order, m: MarketDef, kind: CollateralAnswer): Json {
  const f = full(o, m);
  const priced = kind === 'limit' || kind === 'stop limit';
  const stop = kind === 'stop limit' || kind === 'stop market';
  const fields = [
    ...FILLS,
    ...AMOUNTS,
    ...(priced ? ['price'] : []),
    ...(kind === 'limit' ? ['postOnly', 'ioc'] : []),
    ...(stop ? ['activation_price'] : []),
    'status',
    'stp',
    'oto',
    'positionSide',
    ...(kind === 'limit' ? ['rpi'] : []),
    'reduceOnly',
  ];
  const out = pick(f, fields);
  if (kind === 'limit' && out['postOnly'] === undefined) out['postOnly'] = false;
  if (out['status'] !== undefined) out['status'] = statusWithin(out['status'], ACTIVE_STATUSES);
  return out;
}

/** One leg of `order/collateral/oco`: snake_case flags, the market's fee rates, the stop leg's trigger. */
export function ocoLegAnswer(o: Order, m: MarketDef): Json {
  const f = full(o, m);
  const out: Json = {
    ...pick(f, [...FILLS, 'dealMoney', 'dealStock', 'amount']),
    takerFee: m.takerFee,
    makerFee: m.makerFee,
    ...pick(f, ['left', 'dealFee']),
    post_only: o.postOnly,
    mtime: o.finishedAt ?? o.timestamp,
    ...pick(f, ['price', 'activation_price']),
  };
  if (o.activationPrice !== null) {
    out['activation_condition'] = activationCondition(o);
    out['activated'] = o.activated ? 1 : 0;
  }
  const status = statusWithin(f['status'], ACTIVE_STATUSES);
  return { ...out, ...(status === undefined ? {} : { status }), ...pick(f, ['stp', 'positionSide']) };
}

/** One leg of an OCO pair in `conditional-orders`: camelCase, `mtime`, the stop leg's trigger. */
export function conditionalLegAnswer(o: Order, m: MarketDef): Json {
  const f = full(o, m);
  const out: Json = {
    ...pick(f, [...FILLS, ...AMOUNTS]),
    postOnly: o.postOnly,
    ...pick(f, ['status', 'stp', 'positionSide', 'reduceOnly']),
    mtime: o.finishedAt ?? o.timestamp,
    ...pick(f, ['price']),
  };
  if (o.activationPrice !== null) {
    out['activationPrice'] = f['activation_price'];
    out['activationCondition'] = activationCondition(o);
    out['activated'] = o.activated ? 1 : 0;
  }
  return out;
}

/** A finished order of `trade-account/order/history` (the market is its key; nothing is left of it). */
export function finishedOrderAnswer(o: Order, m: MarketDef): Json {
  const f = full(o, m);
  const out: Json = {
    ...pick(f, ['amount', 'price', 'type']),
    id: o.id,
    ...pick(f, ['clientOrderId', 'side']),
    ctime: o.timestamp,
    ftime: o.finishedAt ?? o.timestamp,
    ...pick(f, ['dealFee', 'dealStock', 'dealMoney']),
    postOnly: o.postOnly,
    ioc: o.ioc,
  };
  if (o.activationPrice !== null) {
    out['activated'] = f['activated'];
    out['activationPrice'] = f['activation_price'];
    out['activationCondition'] = f['activationCondition'];
  }
  return {
    ...out,
    status: statusWithin(f['status'], HISTORY_STATUSES),
    ...pick(f, ['feeAsset']),
    positionSide: o.positionSide ?? 'BOTH',
    rpi: o.rpi,
    reduceOnly: o.reduceOnly ?? false,
  };
}
