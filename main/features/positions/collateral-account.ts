/**
 * One account's collateral account as a whole: hedge mode (read, and switched after main's
 * confirmation), the collateral balance per currency and the free margin, which the order ticket and
 * the Positions and Wallet screens read through `positions.collateral`.
 */
import { Decimal } from 'decimal.js';
import * as collateral from '../../exchange/endpoints/collateral.ts';
import type { AdlRankView } from '../../views/live.ts';
import type { CollateralView } from '../../views/positions.ts';
import type { Platform } from '../../platform.ts';
import type { AccountService } from '../../services/accounts.ts';
import { requireConfirmation } from '../../services/confirm.ts';
import type { TradingService } from '../../services/trading/trading.ts';

export class CollateralAccount {
  readonly #accounts: AccountService;
  readonly #platform: Platform;
  readonly #trading: TradingService;

  constructor(accounts: AccountService, platform: Platform, trading: TradingService) {
    this.#accounts = accounts;
    this.#platform = platform;
    this.#trading = trading;
  }

  /**
   * The ADL rank (0 last in line, 4 first) of each side the account holds in a perpetual market now
   * (`collateral-account/adl-quantile`); later changes come with the `ADLQuantile` channel.
   */
  async adlRanks(accountId: string): Promise<AdlRankView[]> {
    return collateral.adlQuantile(await this.#accounts.caller(accountId));
  }

  async hedgeMode(accountId: string): Promise<boolean> {
    return collateral.hedgeMode(await this.#accounts.caller(accountId));
  }

  /**
   * Switches hedge mode once confirmed; the exchange refuses while the account has open positions or
   * orders, and that refusal comes back in its words. Answers the mode now in force.
   */
  async setHedgeMode(accountId: string, enabled: boolean): Promise<boolean> {
    const account = this.#accounts.onThisConnection(accountId);
    const caller = await this.#accounts.caller(accountId);
    const now = await collateral.hedgeMode(caller);
    if (now === enabled) return now;
    await requireConfirmation(this.#platform, {
      title: enabled
        ? `Turn on hedge mode for "${account.label}"?`
        : `Turn off hedge mode (one-way mode) for "${account.label}"?`,
      facts: [
        { label: 'Account', value: account.label },
        { label: 'Mode now', value: now ? 'Hedge mode (long and short at once)' : 'One-way mode' },
        { label: 'Mode after', value: enabled ? 'Hedge mode (long and short at once)' : 'One-way mode' },
        {
          label: 'Orders after',
          value: enabled ? 'must name LONG or SHORT as their position side' : 'need no position side',
        },
      ],
      action: enabled ? 'Turn on hedge mode' : 'Turn off hedge mode',
      warning: 'The exchange switches only while the account has no open collateral positions or orders.',
    });
    try {
      await collateral.setHedgeMode(caller, enabled);
    } finally {
      this.#trading.forgetHedgeMode(caller.credentials.apiKey);
    }
    return collateral.hedgeMode(caller);
  }

  /**
   * Collateral balances and free margin: from the account summary when the exchange answers it, else
   * the `freeMargin` its open positions carry, else unknown (null).
   */
  async overview(accountId: string): Promise<CollateralView> {
    const caller = await this.#accounts.caller(accountId);
    const [balances, summary] = await Promise.all([
      collateral.collateralBalance(caller),
      collateral.collateralSummary(caller).catch(() => undefined),
    ]);
    const nonZero = Object.fromEntries(Object.entries(balances).filter(([, v]) => !new Decimal(v).isZero()));
    if (summary?.freeMargin !== undefined) {
      return {
        balances: nonZero,
        freeMargin: summary.freeMargin,
        source: 'summary',
        ...(summary.equity === undefined ? {} : { equity: summary.equity }),
        ...(summary.margin === undefined ? {} : { margin: summary.margin }),
        ...(summary.pnl === undefined ? {} : { pnl: summary.pnl }),
        ...(summary.leverage === undefined ? {} : { leverage: summary.leverage }),
      };
    }
    const open = await collateral.openPositions(caller).catch(() => []);
    const fromPositions = open
      .map((p) => (p as Record<string, unknown>)['freeMargin'])
      .find((v): v is string => typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v));
    return fromPositions === undefined
      ? { balances: nonZero, freeMargin: null, source: null }
      : { balances: nonZero, freeMargin: fromPositions, source: 'positions' };
  }
}
