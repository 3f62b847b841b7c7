/**
 * The service codes of one account as the Wallet lists them: those it made, or every code it made
 * and applied. A code is a bearer secret while it is active, so only its first and last characters
 * leave main (the same mask the screen shows for a code just made or applied).
 */
import * as mainAccount from '../../exchange/endpoints/main-account.ts';
import type { AccountService } from '../../services/accounts.ts';
import { maskCode } from '../../services/wallet/guard.ts';
import type { ServiceCodesView } from '../../views/wallet.ts';

/** The exchange pages at most 100 codes at a time. */
export const CODES_PAGE = 50;

export function serviceCodeView(c: mainAccount.CodeInfo): ServiceCodesView['records'][number] {
  const sign = c.amount.startsWith('+') ? 'applied' : c.amount.startsWith('-') ? 'made' : null;
  return {
    externalId: c.external_id,
    ticker: c.ticker,
    amount: c.amount.replace(/^[+-]/, ''),
    way: sign,
    status: c.status,
    atMs: c.date * 1000,
    hint: maskCode(c.code),
  };
}

export class CodeList {
  readonly #accounts: AccountService;

  constructor(accounts: AccountService) {
    this.#accounts = accounts;
  }

  /** One page, newest first; `total` is how many the list holds. */
  async list(accountId: string, list: 'mine' | 'history', offset = 0): Promise<ServiceCodesView> {
    const caller = await this.#accounts.caller(accountId);
    const page = await mainAccount.codes(caller, list, { limit: CODES_PAGE, offset });
    return { total: page.total, records: page.data.map(serviceCodeView) };
  }
}
