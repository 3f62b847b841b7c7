/** Deposit addresses of the calling account (a sub-account's with its own key). */
import { z } from 'zod';
import { decimal, defined, READ, WRITE, type KeyCaller } from './shapes.ts';
import { REST } from '../registry/index.ts';

export const depositAddressSchema = z.looseObject({
  account: z.looseObject({ address: z.string().min(1), memo: z.string().nullish() }),
  required: z.looseObject({
    fixedFee: decimal.optional(),
    flexFee: z
      .looseObject({ maxFee: decimal.optional(), minFee: decimal.optional(), percent: decimal.optional() })
      .nullish(),
    maxAmount: decimal.optional(),
    minAmount: decimal.optional(),
  }),
});
export type DepositAddress = z.output<typeof depositAddressSchema>;

/** The address for the ticker and network (the same one every time until a new one is made). */
export function address(c: KeyCaller, input: { ticker: string; network?: string }): Promise<DepositAddress> {
  return c.post(REST.depositAddress.path, defined({ ...input }), depositAddressSchema, READ);
}

/** A new deposit address, where the exchange enabled it for the account; `type` for BTC and LTC. */
export function createNewAddress(
  c: KeyCaller,
  input: { ticker: string; network?: string; type?: 'p2sh-segwit' | 'bech32' },
): Promise<DepositAddress> {
  return c.post(REST.newDepositAddress.path, defined({ ...input }), depositAddressSchema, WRITE);
}
