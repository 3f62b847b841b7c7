/**
 * The ticket's balance facts: what an order may spend (the figure the balance rule checks) and the
 * amount that spends a share of it (the 25/50/75/100 % buttons), both from the one rule set.
 */
import type { KeyCaller } from '../../exchange/endpoints/shapes.ts';
import type { TicketFundsView } from '../../views/orders.ts';
import { shareAmount } from '../../rules/guards.ts';
import { isCollateralKind, type OrderDraft } from '../../rules/index.ts';
import type { TradingService } from '../../services/trading/trading.ts';

export async function ticketFunds(
  trading: TradingService,
  caller: KeyCaller,
  draft: OrderDraft,
  percent?: number,
): Promise<TicketFundsView> {
  // The balance line says what may be spent now (it is read again after each change of the balance):
  // never a reading of the moments before, and the balance rule's next check uses this one.
  trading.forgetFunds(caller);
  const { market, funds, reference } = await trading.spendable(caller, draft);
  const view: TicketFundsView = {
    asset: funds.asset,
    available: funds.available,
    source: isCollateralKind(draft.kind) ? 'collateral' : 'spot',
  };
  if (funds.covered && funds.covered !== '0') view.covered = funds.covered;
  if (percent !== undefined) {
    const amount = shareAmount(draft, market, funds, percent, reference);
    if (amount !== undefined) view.amount = amount;
  }
  return view;
}
