/**
 * Every key id a test's own secret store holds: a memory store's, or the keychain entries of a
 * KeytarSecretStore's own service (a unique name per test file). The app never lists the keychain:
 * keytar's `findCredentials` dies with SIGSEGV when an entry it found is deleted before its secret is
 * read (see `main/vault/secret-store.ts`), so it is called here only on a service no other process
 * writes, and never on the app's own.
 */
import { createRequire } from 'node:module';
import {
  KeytarSecretStore,
  MemorySecretStore,
  SECRET_SERVICE,
  type SecretStore,
} from '../../main/vault/secret-store.ts';

interface KeytarListing {
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>;
}

export async function keyIdsIn(store: SecretStore): Promise<string[]> {
  if (store instanceof MemorySecretStore) return store.list();
  if (!(store instanceof KeytarSecretStore)) throw new Error('keyIdsIn reads a memory or keychain store');
  if (store.service === SECRET_SERVICE)
    throw new Error(
      `the app's own keychain service (${SECRET_SERVICE}) is shared: list a service of the test's own`,
    );
  const keytar = createRequire(import.meta.url)('keytar') as KeytarListing;
  return (await keytar.findCredentials(store.service)).map((e) => e.account).sort();
}
