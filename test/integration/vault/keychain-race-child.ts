/**
 * One side of the keychain race (`keychain-race.test.ts`), in a process of its own so that a native
 * crash ends it and not the test: `write` stores and deletes the service's entries round after round;
 * `read` asks which of them are held as the app does (`KeytarSecretStore.held`), or, with `find`, by
 * keytar's `findCredentials`, the way the app read them before.
 *
 *   node keychain-race-child.ts <write|read|find> <service> <rounds>
 */
import { createRequire } from 'node:module';
import { KeytarSecretStore } from '../../../main/vault/secret-store.ts';

interface Keytar {
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
}

const [role, service = '', roundsText = '0'] = process.argv.slice(2);
const rounds = Number(roundsText);
const ids = Array.from({ length: 8 }, (_, i) => `race-${String(i)}`);
const keytar = createRequire(import.meta.url)('keytar') as Keytar;

for (let r = 0; r < rounds; r++) {
  if (role === 'write') {
    await Promise.all(
      ids.map((id) => keytar.setPassword(service, id, `secret-${String(r)}-${'0'.repeat(40)}`)),
    );
    await Promise.all(ids.map((id) => keytar.deletePassword(service, id)));
  } else if (role === 'read') {
    await new KeytarSecretStore({ service }).held(ids);
  } else if (role === 'find') {
    await keytar.findCredentials(service);
  } else throw new Error(`no role ${String(role)}`);
}
process.stdout.write(`${String(role)} done\n`);
