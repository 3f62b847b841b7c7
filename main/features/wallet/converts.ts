/**
 * One account's converts, quote then confirm: main asks the exchange for a quote and keeps it; the
 * person reviews it (give, receive, rate, expiry) and main asks its own question naming the same quote;
 * only then is that quote confirmed, by its id. A quote past its time is never confirmed: the person
 * asks for a fresh one and sees its rate before anything is sent.
 */
import * as mainAccount from '../../exchange/endpoints/main-account.ts';
import { UserFacingError } from '../../errors.ts';
import type { Platform } from '../../platform.ts';
import type { AccountService } from '../../services/accounts.ts';
import { NotConfirmedError, requireConfirmation } from '../../services/confirm.ts';
import {
  convertQuestion,
  convertRefusal,
  quoteExpired,
  quoteView,
} from '../../services/wallet/convert-quote.ts';
import { assetOf, refuse } from '../../services/wallet/guard.ts';
import { checkConvert } from '../../rules/wallet.ts';
import type { ConvertDoneView, ConvertQuoteView, WalletAssetView } from '../../views/wallet.ts';

/**
 * The quotes kept for each account, expired ones included until newer ones push them out (a person
 * reviews one at a time); a quote pushed out is refused as not asked for.
 */
const KEPT_PER_ACCOUNT = 8;

const NOT_ASKED = new UserFacingError(
  'invalid_input',
  'This quote is not one the app asked for this account, or it was used already: ask for a fresh quote.',
  'quoteId',
);

export class Converts {
  readonly #accounts: AccountService;
  readonly #platform: Platform;
  readonly #assets: () => Promise<WalletAssetView[]>;
  readonly #now: () => number;
  /** account -> quote id -> the quote as the person was shown it. */
  readonly #quotes = new Map<string, Map<string, ConvertQuoteView>>();

  constructor(
    accounts: AccountService,
    platform: Platform,
    assets: () => Promise<WalletAssetView[]>,
    now: () => number = Date.now,
  ) {
    this.#accounts = accounts;
    this.#platform = platform;
    this.#assets = assets;
    this.#now = now;
  }

  /** A quote for the convert asked, checked against the ask, kept to be confirmed by its id. */
  async quote(accountId: string, input: mainAccount.ConvertEstimateInput): Promise<ConvertQuoteView> {
    const listed = await this.#assets();
    const unit = assetOf(listed, input.direction === 'from' ? input.from : input.to);
    assetOf(listed, input.direction === 'from' ? input.to : input.from);
    refuse(checkConvert(input, unit.precision));
    const caller = await this.#accounts.caller(accountId);
    const askedAt = this.#now();
    const quoted = await mainAccount.convertEstimate(caller, { ...input }).catch((error: unknown) => {
      throw convertRefusal(error, input);
    });
    const quote = quoteView(input, quoted, askedAt);
    const kept = this.#quotes.get(accountId) ?? new Map<string, ConvertQuoteView>();
    // the oldest go first; an expired quote stays until then, so a late confirm of it is told it expired
    for (const id of kept.keys()) if (kept.size >= KEPT_PER_ACCOUNT) kept.delete(id);
    kept.set(quote.quoteId, quote);
    this.#quotes.set(accountId, kept);
    return quote;
  }

  /**
   * Converts at a quote this account was given, after main's question naming it: refused without a
   * question once it expired, and when the question was answered after it expired. The quote is taken
   * while it is asked about and sent, so a second press cannot send it twice; declined, it stays.
   */
  async confirm(accountId: string, quoteId: string): Promise<ConvertDoneView> {
    const kept = this.#quotes.get(accountId);
    const quote = kept?.get(quoteId);
    if (!kept || !quote) throw NOT_ASKED;
    if (this.#now() >= quote.expiresAtMs) {
      kept.delete(quoteId);
      throw quoteExpired(quote);
    }
    kept.delete(quoteId);
    const caller = await this.#accounts.caller(accountId);
    const label = this.#accounts.registry.get(accountId)?.label ?? accountId;
    try {
      await requireConfirmation(this.#platform, convertQuestion(label, quote, this.#now()));
    } catch (error) {
      if (this.#now() >= quote.expiresAtMs) throw quoteExpired(quote);
      if (error instanceof NotConfirmedError) kept.set(quoteId, quote);
      throw error;
    }
    if (this.#now() >= quote.expiresAtMs) throw quoteExpired(quote);
    try {
      const done = await mainAccount.convertConfirm(caller, quote.quoteId);
      return {
        quoteId,
        from: quote.from,
        to: quote.to,
        give: done.finalGive,
        receive: done.finalReceive,
      };
    } catch (error) {
      throw convertRefusal(error, quote);
    }
  }
}
