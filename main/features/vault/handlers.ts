/** IPC handlers of `vault.*`: each adapts its input to the vault service. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { vaultProcedures } from './procedures.ts';
import type { VaultService } from './service.ts';

type Handlers = HandlersOf<typeof vaultProcedures>;

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
