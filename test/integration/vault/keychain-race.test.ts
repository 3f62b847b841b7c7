/**
 * Reading which keys the keychain holds while another process adds and deletes entries of the same
 * service never kills the process. keytar's `findCredentials`, which the app used to read them,
 * searches the entries and then reads their secrets; one deleted in between gave it a NULL secret
 * that it copied with strdup (SIGSEGV in the thread pool, caught in a core: see
 * `main/vault/secret-store.ts`). The app now reads each key id by `getPassword`. The reading process
 * and the writing one run side by side on a real Secret Service; the reader must end by itself.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../../main/vault/secret-store.ts';
import { keyIdsIn } from '../../support/keychain.ts';

const child = fileURLToPath(new URL('./keychain-race-child.ts', import.meta.url));
const service = `txc-desk-race-${randomBytes(4).toString('hex')}`;

function run(
  role: 'write' | 'read',
  rounds: number,
): Promise<{ code: number | null; signal: string | null }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [child, role, service, String(rounds)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    p.on('error', reject);
    p.on('exit', (code, signal) => resolve({ code, signal }));
  });
}

afterAll(async () => {
  const store = new KeytarSecretStore({ service });
  for (const id of await keyIdsIn(store)) await store.delete(id);
});

describe('the keychain read beside another process writing it', () => {
  it('reads which keys are held, round after round, while their entries come and go, and ends by itself', async () => {
    const [writer, reader] = await Promise.all([run('write', 150), run('read', 300)]);
    expect(writer).toEqual({ code: 0, signal: null });
    expect(reader).toEqual({ code: 0, signal: null });
  }, 110_000);
});
