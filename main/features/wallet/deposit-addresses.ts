/**
 * Where to send a deposit: the account's address for a ticker and network (a sub-account's through its
 * own key), with its memo, the minimum and maximum the exchange accepts and its fees; and a new
 * address where the exchange enabled that for the account, asked in main's dialog first.
 */
import * as deposit from '../../exchange/endpoints/deposit-address.ts';
import { UserFacingError } from '../../errors.ts';
import { ExchangeError } from '../../exchange/errors.ts';
import type { DepositAddressView } from '../../views/wallet.ts';
import type { Platform } from '../../platform.ts';
import type { AccountService } from '../../services/accounts.ts';
import { requireConfirmation } from '../../services/confirm.ts';

export interface DepositTarget {
  ticker: string;
  network?: string | undefined;
}

function view(
  account: { id: string; label: string },
  target: DepositTarget,
  answer: deposit.DepositAddress,
): DepositAddressView {
  const r = answer.required;
  return {
    account: account.id,
    accountLabel: account.label,
    ticker: target.ticker,
    network: target.network ?? null,
    address: answer.account.address,
    memo: answer.account.memo || null,
    minAmount: r.minAmount ?? null,
    maxAmount: r.maxAmount && r.maxAmount !== '0' ? r.maxAmount : null,
    fixedFee: r.fixedFee ?? '0',
    flexFee:
      r.flexFee && r.flexFee.percent && r.flexFee.percent !== '0'
        ? { percent: r.flexFee.percent, minFee: r.flexFee.minFee ?? '0', maxFee: r.flexFee.maxFee ?? '0' }
        : null,
  };
}

export class DepositAddresses {
  readonly #accounts: AccountService;
  readonly #platform: Platform;

  constructor(accounts: AccountService, platform: Platform) {
    this.#accounts = accounts;
    this.#platform = platform;
  }

  /** The account's address (the same until a new one is made), read with its own key. */
  async address(accountId: string, target: DepositTarget): Promise<DepositAddressView> {
    const account = this.#accounts.onThisConnection(accountId);
    const caller = await this.#accounts.caller(accountId);
    try {
      return view(account, target, await deposit.address(caller, withNetwork(target)));
    } catch (error) {
      throw refusedKey(
        error,
        `The key of "${account.label}" may not read deposit addresses: it needs a key that allows deposits (type 2), with the address URL enabled.`,
      );
    }
  }

  /**
   * Puts the address (or its memo) on the clipboard, read again from the exchange: what is pasted is
   * what the exchange answered, whatever the page shows.
   */
  async copy(
    accountId: string,
    target: DepositTarget,
    part: 'address' | 'memo',
  ): Promise<{ copied: boolean }> {
    const shown = await this.address(accountId, target);
    const text = part === 'memo' ? shown.memo : shown.address;
    if (!text) throw new UserFacingError('invalid_input', 'This deposit address has no memo.', 'part');
    return { copied: await this.#platform.writeToClipboard(text) };
  }

  /** A new address for the ticker and network, once confirmed; refused in words where it is not enabled. */
  async newAddress(
    accountId: string,
    target: DepositTarget & { type?: 'p2sh-segwit' | 'bech32' | undefined },
  ): Promise<DepositAddressView> {
    const account = this.#accounts.onThisConnection(accountId);
    const caller = await this.#accounts.caller(accountId);
    await requireConfirmation(this.#platform, {
      title: `Make a new ${target.ticker} deposit address for "${account.label}"?`,
      facts: [
        { label: 'Account', value: account.label },
        { label: 'Currency', value: target.ticker },
        { label: 'Network', value: target.network ?? 'the currency’s default' },
        ...(target.type ? [{ label: 'Address type', value: target.type }] : []),
      ],
      action: 'New address',
      warning:
        'From now on the exchange shows the new address; deposits to earlier ones are not refused by this app.',
    });
    try {
      return view(
        account,
        target,
        await deposit.createNewAddress(caller, {
          ...withNetwork(target),
          ...(target.type ? { type: target.type } : {}),
        }),
      );
    } catch (error) {
      throw refusedKey(
        error,
        `The exchange refused a new address for "${account.label}": new deposit addresses are off unless its support turned them on for the account (and its key must allow deposits). The current address keeps working.`,
      );
    }
  }
}

/** A 403 of the exchange in the desk's words; any other error as it is. */
function refusedKey(error: unknown, words: string): unknown {
  return error instanceof ExchangeError && error.status === 403
    ? new UserFacingError('not_enabled', words)
    : error;
}

const withNetwork = (t: DepositTarget) =>
  t.network ? { ticker: t.ticker, network: t.network } : { ticker: t.ticker };
