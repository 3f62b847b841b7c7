/** The registered accounts and their keys as a feature (the accounts service is the floor's). */
import type { AccountService } from '../../services/accounts.ts';
import { accountsHandlers } from './handlers.ts';

export function create(deps: { accounts: AccountService }) {
  return { handlers: accountsHandlers(deps), close: () => undefined };
}
