/** IPC handlers of `vault.*`: each adapts its input to the vault service. */
import type { Handlers } from '../../ipc/router.ts';
import type { VaultService } from './service.ts';

type VaultProcedures = Extract<keyof Handlers, `vault.${string}`>;

export function vaultHandlers(vault: VaultService): Pick<Handlers, VaultProcedures> {
  return {
    'vault.status': () => vault.status(),
    'vault.sync': (input) => vault.sync(input?.accountIds),
    'vault.check': ({ accountId }) => vault.check(accountId),
    'vault.backup': () => vault.backup(),
    'vault.restore': () => vault.restore(),
  };
}
