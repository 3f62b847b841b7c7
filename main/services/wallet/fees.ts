/**
 * What a withdrawal costs this account, from its own fee schedule (`main-account/fee`): the entry of
 * the currency on the network (`USDT (TRC20)`), else of the currency; a fixed fee, or where the flex
 * fee is on (a percent above zero), that percent of the amount held between its minimum and maximum
 * (a zero maximum is no maximum). A zero fixed fee with the flex fee off is no fee.
 */
import { Dec } from '../../rules/decimal.ts';
import type { FeeInfo } from '../../exchange/schemas/wallet.ts';
import type { WithdrawFeeView } from '../../views/wallet.ts';

const positive = (v: string | undefined): boolean => v !== undefined && new Dec(v).gt(0);

/** The account's withdrawal fee of each currency (and network, where the schedule names one). */
export function withdrawFeeViews(list: readonly FeeInfo[]): WithdrawFeeView[] {
  return list.flatMap((entry) => {
    const m = /^(\S+)\s+\((.+)\)$/.exec(entry.ticker.trim());
    const w = entry.withdraw;
    if (!w) return [];
    return [
      {
        ticker: m?.[1] ?? entry.ticker.trim(),
        network: m?.[2] ?? null,
        fixed: w.fixed ?? '0',
        flex: positive(w.percentFlex)
          ? {
              percent: w.percentFlex ?? '0',
              min: w.minFlex ?? '0',
              max: positive(w.maxFlex) ? (w.maxFlex ?? null) : null,
            }
          : null,
      },
    ];
  });
}

/** The entry of the currency on the network, else of the currency alone; undefined when neither is listed. */
export function withdrawFeeOf(
  views: readonly WithdrawFeeView[],
  ticker: string,
  network: string | undefined,
): WithdrawFeeView | undefined {
  return (
    views.find((v) => v.ticker === ticker && network !== undefined && v.network === network) ??
    views.find((v) => v.ticker === ticker && v.network === null)
  );
}

/** The fee of `amount` by one entry, exactly: fixed, or the flex percent held between its bounds. */
export function withdrawFeeFor(view: WithdrawFeeView, amount: string): string {
  if (!view.flex) return new Dec(view.fixed).toFixed();
  let fee = new Dec(amount).times(view.flex.percent).div(100);
  if (fee.lt(view.flex.min)) fee = new Dec(view.flex.min);
  if (view.flex.max !== null && fee.gt(view.flex.max)) fee = new Dec(view.flex.max);
  return fee.toFixed();
}
