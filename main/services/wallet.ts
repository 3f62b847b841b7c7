/**
 * Moving money out: withdrawals keep one `uniqueId` for their whole life, so a withdrawal whose
 * answer was lost is found in the history by it, and a second send can never pay twice (the
 * exchange refuses a uniqueId it has seen). Converts keep their idempotency key the same way.
 */
import { randomUUID } from 'node:crypto';
import { NetworkError, TimeoutError, ValidationError } from '../exchange/errors.ts';
import * as mainAccount from '../exchange/endpoints/main-account.ts';
import type { KeyCaller } from '../exchange/endpoints/shapes.ts';

export interface WithdrawalResult {
  readonly uniqueId: string;
  /** The first answer was lost; the withdrawal was found in the history or refused as a repeat. */
  readonly recovered: boolean;
}

function answerLost(error: unknown): boolean {
  return error instanceof TimeoutError || error instanceof NetworkError;
}

function repeatedUniqueId(error: unknown): boolean {
  return error instanceof ValidationError && Object.hasOwn(error.fields, 'uniqueId');
}

export class WalletService {
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #lookupDelayMs: number;

  constructor(options: { lookupDelayMs?: number; sleep?: (ms: number) => Promise<void> } = {}) {
    this.#lookupDelayMs = options.lookupDelayMs ?? 1000;
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** A withdrawal where the receiver gets `amount` in full (the fee is charged on top). */
  async withdrawPay(
    caller: KeyCaller,
    input: Omit<mainAccount.WithdrawPayInput, 'uniqueId'> & { uniqueId?: string },
  ): Promise<WithdrawalResult> {
    const uniqueId = input.uniqueId || randomUUID();
    const send = () => mainAccount.withdrawPay(caller, { ...input, uniqueId });
    try {
      await send();
      return { uniqueId, recovered: false };
    } catch (error) {
      if (!answerLost(error)) throw error;
    }
    await this.#sleep(this.#lookupDelayMs);
    const history = await mainAccount.history(caller, { uniqueId, transactionMethod: 2, limit: 1 });
    if (history.records.length > 0) return { uniqueId, recovered: true };
    try {
      await send();
      return { uniqueId, recovered: true };
    } catch (error) {
      // The first send landed after the lookup: the exchange refuses the repeat, nothing is paid twice.
      if (repeatedUniqueId(error)) return { uniqueId, recovered: true };
      throw error;
    }
  }

  /** Quote and accept in one call; the idempotency key makes a repeated call answer the first. */
  convert(
    caller: KeyCaller,
    input: Omit<mainAccount.ConvertInput, 'idempotencyKey'> & { idempotencyKey?: string },
  ): Promise<mainAccount.ConvertResult> {
    return mainAccount.convertAutoConfirm(caller, {
      ...input,
      idempotencyKey: input.idempotencyKey || randomUUID(),
    });
  }
}
