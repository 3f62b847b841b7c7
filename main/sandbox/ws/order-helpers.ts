/** Shared steps of the WebSocket order methods. */
import type { Engine } from '../engine/engine.ts';
import { fieldError } from '../http/errors.ts';
import { optInt } from '../http/fields.ts';
import type { Body } from '../http/fields.ts';
import { duplicateClientOrderId } from '../routes/order-rules.ts';
import type { Account, MarketDef } from '../state.ts';

/** The price a bbo order takes: the best of its own side (role 1, queue) or the other (role 2). */
export function bboPrice(engine: Engine, m: MarketDef, s: 'buy' | 'sell', body: Body): bigint {
  const role = optInt(body, 'bboRole') ?? 1;
  if (role !== 1 && role !== 2) throw fieldError('bboRole', 'The selected bboRole is invalid.');
  const own = role === 1 ? s : s === 'buy' ? 'sell' : 'buy';
  const best = engine.book(m.name).best(own);
  if (best === null) throw fieldError('bboRole', 'No best price is available for this bboRole.');
  return best;
}

/** A client order id must be free among the account's open orders of the market. */
export function uniqueClientId(engine: Engine, account: Account, m: MarketDef, cid: string): void {
  if (cid && engine.clientOrderIdTaken(account.id, m.name, cid)) throw duplicateClientOrderId();
}
