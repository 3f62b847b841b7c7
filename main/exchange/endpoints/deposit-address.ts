/** Deposit addresses of the calling account (a sub-account's with its own key). */
import { REST } from '../registry/index.ts';
import type { DepositAddress } from '../schemas/wallet.ts';
import { defined, READ, WRITE, type KeyCaller } from './shapes.ts';

export type { DepositAddress } from '../schemas/wallet.ts';

/** The address for the ticker and network (the same one every time until a new one is made). */
export function address(c: KeyCaller, input: { ticker: string; network?: string }): Promise<DepositAddress> {
  return c.call(REST.depositAddress, defined({ ...input }), READ);
}

/** A new deposit address, where the exchange enabled it for the account; `type` for BTC and LTC. */
export function createNewAddress(
  c: KeyCaller,
  input: { ticker: string; network?: string; type?: 'p2sh-segwit' | 'bech32' },
): Promise<DepositAddress> {
  return c.call(REST.newDepositAddress, defined({ ...input }), WRITE);
}
