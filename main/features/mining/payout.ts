/**
 * Where a mining account's rewards are paid: read from the exchange, and changed only after main's own
 * question naming the account, the mining account, where they are paid now and where they will be.
 * An external address is checked as a BTC address before anything is asked. On a team desk every
 * change is a treasurer's and needs a second operator (`policy/desk-policy.ts`): it is proposed
 * instead, and sent exactly as approved.
 */
import * as mining from '../../exchange/endpoints/mining.ts';
import { REST } from '../../exchange/registry/index.ts';
import { UserFacingError } from '../../errors.ts';
import type { Confirmation, Platform } from '../../platform.ts';
import { checkAddress } from '../../rules/address.ts';
import type { AccountService } from '../../services/accounts.ts';
import { requireConfirmation } from '../../services/confirm.ts';
import type { Approvals } from '../../services/four-eyes/approvals.ts';
import type { AddressBook } from '../../services/wallet/address-book.ts';
import type { ProposedView } from '../../views/approvals.ts';
import type { PayoutDestinationView } from '../../views/mining.ts';

/** A change as the screen asks for it: validated by the procedure's schema, then here. */
export interface PayoutChange {
  miningAccount: string;
  destination: 'main_balance' | 'external_address';
  address?: string | undefined;
}

const view = (miningAccount: string, d: mining.PayoutDestination): PayoutDestinationView => ({
  miningAccount,
  destination: d.payoutDestination,
  address: d.payoutDestination === 'external_address' ? (d.externalAddress ?? null) : null,
});

/** A destination in words: "the main balance" or the address. */
export const whereWords = (d: PayoutDestinationView): string =>
  d.destination === 'main_balance' ? 'the main balance' : (d.address ?? 'an external address');

/** The request exactly as it will be signed: an address only for an external one, trimmed and checked. */
export function payoutRequest(change: PayoutChange): mining.PayoutDestinationEdit {
  const address = change.address?.trim() ?? '';
  if (change.destination === 'main_balance') {
    if (address !== '')
      throw new UserFacingError(
        'invalid_input',
        'An address is given only when the rewards go to an external address: clear it, or choose the external address.',
        'address',
      );
    return { accountName: change.miningAccount, destination: 'main_balance' };
  }
  if (address === '')
    throw new UserFacingError(
      'invalid_input',
      'Give the BTC address the rewards are to be paid to.',
      'address',
    );
  const issue = checkAddress('BTC', address);
  if (issue) throw new UserFacingError('invalid_input', issue.message, 'address');
  return { accountName: change.miningAccount, destination: 'external_address', address };
}

/** Main's question before the change: who, from where, to where; an external address stands out. */
export function payoutQuestion(
  accountLabel: string,
  now: PayoutDestinationView,
  request: mining.PayoutDestinationEdit,
  bookLabel: string | undefined,
): Confirmation {
  const external = request.destination === 'external_address';
  const to = external ? (request.address ?? '') : 'the main balance';
  return {
    title: `Pay the rewards of mining account ${request.accountName} to ${to}?`,
    facts: [
      { label: 'Account', value: accountLabel },
      { label: 'Mining account', value: request.accountName },
      { label: 'Paid now to', value: whereWords(now) },
      { label: 'Paid from the next payout to', value: external ? `the BTC address ${to}` : to },
      ...(external ? [{ label: 'Address book', value: bookLabel ?? 'not in the address book' }] : []),
    ],
    action: 'Change payout',
    cancel: "Don't change",
    ...(external
      ? {
          warning: `From the next payout on, the rewards of ${request.accountName} leave the desk for this address${bookLabel ? '' : ', which is NOT in the address book'}: check every character against the receiver.`,
        }
      : {}),
  };
}

export interface MiningPayoutsOptions {
  accounts: AccountService;
  platform: Platform;
  book: AddressBook;
  approvals?: Approvals | undefined;
}

export class MiningPayouts {
  readonly #o: MiningPayoutsOptions;

  constructor(options: MiningPayoutsOptions) {
    this.#o = options;
    // A teammate approved it: sent exactly as proposed.
    options.approvals?.useSender(REST.payoutDestinationEdit.path, async ({ caller, body }) => {
      const now = view(body.accountName, await mining.setPayoutDestination(caller, body));
      return `The rewards of ${body.accountName} are paid to ${whereWords(now)} from the next payout.`;
    });
  }

  async destination(accountId: string, miningAccount: string): Promise<PayoutDestinationView> {
    const caller = await this.#o.accounts.caller(accountId);
    return view(miningAccount, await mining.payoutDestination(caller, miningAccount));
  }

  /**
   * Changes where the rewards of a mining account are paid, once main's question is answered; on a
   * team desk it is proposed instead and the proposal answered.
   */
  async change(accountId: string, change: PayoutChange): Promise<PayoutDestinationView | ProposedView> {
    const request = payoutRequest(change);
    const caller = await this.#o.accounts.caller(accountId);
    const now = view(change.miningAccount, await mining.payoutDestination(caller, change.miningAccount));
    if (
      now.destination === request.destination &&
      (request.destination === 'main_balance' || now.address === request.address)
    )
      throw new UserFacingError(
        'invalid_input',
        `The rewards of ${change.miningAccount} are paid to ${whereWords(now)} already: nothing to change.`,
        'destination',
      );
    const label = this.#o.accounts.registry.get(accountId)?.label ?? accountId;
    const booked = request.address ? this.#o.book.find('BTC', request.address)?.label : undefined;
    const question = payoutQuestion(label, now, request, booked);
    const proposed = await this.#o.approvals?.proposeIfCovered(
      accountId,
      (c) => mining.setPayoutDestination(c, request),
      question,
    );
    if (proposed) return proposed;
    await requireConfirmation(this.#o.platform, question);
    return view(change.miningAccount, await mining.setPayoutDestination(caller, request));
  }
}
