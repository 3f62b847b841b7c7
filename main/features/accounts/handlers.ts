/** IPC handlers of `accounts.*`: the registered accounts and their keys. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { accountsProcedures } from './procedures.ts';
import type { AccountService } from '../../services/accounts.ts';

type Handlers = HandlersOf<typeof accountsProcedures>;

/** What the handlers of `accounts.*` draw on. */
export interface AccountsHandlerDeps {
  readonly accounts: AccountService;
}

export function accountsHandlers({
  accounts,
}: AccountsHandlerDeps): Pick<Handlers, Extract<keyof Handlers, `accounts.${string}`>> {
  const registry = accounts.registry;
  return {
    'accounts.list': () => accounts.list(),
    'accounts.addFromClipboard': (input) => accounts.addFromClipboard(input),
    'accounts.rename': ({ id, label }) => accounts.rename(id, label),
    'accounts.update': async ({ id, ...changes }) => accounts.view(await registry.update(id, changes)),
    'accounts.importKeyFromClipboard': ({ id }) => accounts.importKeyFromClipboard(id),
    'accounts.remove': async ({ id }) => {
      await accounts.remove(id);
      return null;
    },
    'accounts.rotateFromClipboard': ({ id, apiKey }) => accounts.rotateFromClipboard(id, apiKey),
    'accounts.removedKeys': () => accounts.removedKeys(),
    'accounts.deleteRemovedKey': async ({ id }) => {
      await accounts.deleteRemovedKey(id);
      return null;
    },
    'accounts.importCsv': () => accounts.importCsv(),
  };
}
