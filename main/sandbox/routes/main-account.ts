/** Main (wallet) account: balances. */
import { fieldError } from '../http/errors.ts';
import { fmt } from '../http/fields.ts';
import type { PrivateRoute } from '../http/route.ts';
import { mainBalance, pendingBalance } from '../ledger.ts';
import type { SandboxState } from '../state.ts';

export function mainAccountRoutes(state: SandboxState): PrivateRoute[] {
  return [
    {
      method: 'POST',
      path: '/api/v4/main-account/balance',
      group: 'account',
      handler: ({ account, body }) => {
        const ticker = body['ticker'];
        if (ticker !== undefined && typeof ticker !== 'string')
          throw fieldError('ticker', 'The ticker must be a string.');
        const tickers = ticker ? [ticker] : [...state.assets.keys()];
        const out: Record<string, { main_balance: string; pending_deposit_amount: string }> = {};
        for (const t of tickers) {
          out[t] = {
            main_balance: fmt(mainBalance(account, t)),
            pending_deposit_amount: fmt(pendingBalance(account, t)),
          };
        }
        return out;
      },
    },
  ];
}
