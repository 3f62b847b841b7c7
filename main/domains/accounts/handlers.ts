/** IPC handlers of `accounts.*`: the registered accounts and their keys. */
import type { Handlers } from '../../ipc/router.ts';
import { accountView } from '../../services/accounts.ts';
import type { HandlerContext } from '../context.ts';

export function accountsHandlers({
  accounts,
}: HandlerContext): Pick<Handlers, Extract<keyof Handlers, `accounts.${string}`>> {
  const registry = accounts.registry;
  return {
    'accounts.list': () => accounts.list(),
    'accounts.addFromClipboard': (input) => accounts.addFromClipboard(input),
    'accounts.rename': ({ id, label }) => accountView(registry.rename(id, label)),
    'accounts.update': ({ id, ...changes }) => accountView(registry.update(id, changes)),
    'accounts.remove': async ({ id }) => {
      await accounts.remove(id);
      return null;
    },
    'accounts.rotateFromClipboard': ({ id, apiKey }) => accounts.rotateFromClipboard(id, apiKey),
    'accounts.importCsv': () => accounts.importCsv(),
  };
}
