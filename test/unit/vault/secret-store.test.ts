import { randomBytes } from 'node:crypto';
import keytar from 'keytar';
import { afterAll, describe, expect, it } from 'vitest';
import { UserFacingError } from '../../../main/ipc/errors.ts';
import { forgetSecret, redact } from '../../../main/log.ts';
import {
  type KeytarBackend,
  KeychainError,
  KeytarSecretStore,
  MemorySecretStore,
  SECRET_SERVICE,
  type SecretStore,
} from '../../../main/vault/secret-store.ts';

/**
 * These tests use the real Secret Service (run them inside dbus-run-session with an unlocked
 * gnome-keyring, as CI does). Without one they fail: a keychain that silently does nothing is a bug.
 */
const run = `${String(process.pid)}-${randomBytes(4).toString('hex')}`;
const used = new Set<string>();

function account(name: string): string {
  const id = `unit-test-${run}-${name}`;
  used.add(id);
  return id;
}

function newSecret(): string {
  const secret = `s3cr3t-${randomBytes(16).toString('hex')}`;
  return secret;
}

afterAll(async () => {
  for (const id of used) await keytar.deletePassword(SECRET_SERVICE, id).catch(() => false);
});

describe('KeytarSecretStore against the real Secret Service', () => {
  const store: SecretStore = new KeytarSecretStore();

  it('reaches the Secret Service and keeps entries under the txc-desk service', async () => {
    const id = account('service');
    const secret = newSecret();
    await store.set(id, secret);
    expect(await keytar.getPassword('txc-desk', id)).toBe(secret);
  });

  it('stores, reads back from a fresh instance, rotates and deletes', async () => {
    const id = account('lifecycle');
    const first = newSecret();
    await store.set(id, first);
    expect(await new KeytarSecretStore().get(id)).toBe(first);

    const rotated = newSecret();
    await store.set(id, rotated);
    expect(await store.get(id)).toBe(rotated);

    expect(await store.delete(id)).toBe(true);
    expect(await store.get(id)).toBeUndefined();
    expect(await store.delete(id)).toBe(false);
  });

  it('says which key ids have a secret, never the secrets', async () => {
    const a = account('held-a');
    const b = account('held-b');
    const none = account('held-none');
    const secretA = newSecret();
    await store.set(a, secretA);
    await store.set(b, newSecret());
    const ids = await store.held([b, none, a, a]);
    expect(ids).toEqual([a, b].sort());
    expect(ids.join(' ')).not.toContain(secretA);
    await store.delete(a);
    expect(await store.held([a, b])).toEqual([b]);
  });

  it('keeps secrets with any characters exactly', async () => {
    const id = account('unicode');
    const secret = `ключ-✓-${newSecret()}-"quoted"\\`;
    await store.set(id, secret);
    expect(await store.get(id)).toBe(secret);
  });

  it('registers a secret for redaction when it is read', async () => {
    const id = account('redact-read');
    const secret = newSecret();
    await keytar.setPassword(SECRET_SERVICE, id, secret);
    forgetSecret(secret);
    expect(redact(`sent ${secret}`)).toBe(`sent ${secret}`);
    await store.get(id);
    expect(redact(`sent ${secret}`)).toBe('sent [redacted]');
    forgetSecret(secret);
  });

  it('registers a secret for redaction when it is written', async () => {
    const id = account('redact-write');
    const secret = newSecret();
    await store.set(id, secret);
    expect(redact(secret)).toBe('[redacted]');
    forgetSecret(secret);
  });

  it('answers undefined for a key id it never stored', async () => {
    expect(await store.get(account('never'))).toBeUndefined();
  });

  it('reads a secret from the keychain once and keeps what it writes and deletes', async () => {
    const id = account('remembered');
    const first = newSecret();
    await keytar.setPassword(SECRET_SERVICE, id, first);
    const remembering = new KeytarSecretStore();
    expect(await remembering.get(id)).toBe(first);
    // Changed in the keychain by another program: the store signs with what it read until restarted.
    await keytar.setPassword(SECRET_SERVICE, id, newSecret());
    expect(await remembering.get(id)).toBe(first);
    const rotated = newSecret();
    await remembering.set(id, rotated);
    expect(await remembering.get(id)).toBe(rotated);
    expect(await keytar.getPassword(SECRET_SERVICE, id)).toBe(rotated);
    expect(await remembering.delete(id)).toBe(true);
    expect(await remembering.get(id)).toBeUndefined();
  });

  it('remembers every secret it found held', async () => {
    const id = account('held-remembered');
    const secret = newSecret();
    await keytar.setPassword(SECRET_SERVICE, id, secret);
    const remembering = new KeytarSecretStore();
    expect(await remembering.held([id])).toEqual([id]);
    await keytar.setPassword(SECRET_SERVICE, id, newSecret());
    expect(await remembering.get(id)).toBe(secret);
  });
});

describe('KeytarSecretStore remembering', () => {
  it('does not keep a read that a write overtook', async () => {
    const entries = new Map([['k', 'old-secret-value-0123456789abcdef']]);
    let answerRead: (() => void) | undefined;
    const slowRead: KeytarBackend = {
      // The first read answers what the keychain held when it was asked, once it is let go.
      getPassword: (_s, account) => {
        const held = entries.get(account) ?? null;
        if (answerRead) return Promise.resolve(held);
        return new Promise((resolve) => (answerRead = () => resolve(held)));
      },
      setPassword: async (_s, account, password) => void entries.set(account, password),
      deletePassword: async (_s, account) => entries.delete(account),
    };
    const store = new KeytarSecretStore({ backend: slowRead, service: 'txc-desk-test' });
    const read = store.get('k');
    await store.set('k', 'new-secret-value-0123456789abcdef');
    answerRead?.();
    expect(await read).toBe('old-secret-value-0123456789abcdef');
    expect(await store.get('k')).toBe('new-secret-value-0123456789abcdef');
    for (const secret of ['old-secret-value-0123456789abcdef', 'new-secret-value-0123456789abcdef'])
      forgetSecret(secret);
  });
});

describe('KeytarSecretStore failures', () => {
  it('turns a keychain failure into a KeychainError without the secret in it', async () => {
    const secret = newSecret();
    const broken: KeytarBackend = {
      getPassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
      setPassword: (_s, _a, password) => Promise.reject(new Error(`locked; could not save ${password}`)),
      deletePassword: () => Promise.reject(new Error('locked')),
    };
    const store = new KeytarSecretStore({ backend: broken });
    const write = store.set('k', secret);
    await expect(write).rejects.toBeInstanceOf(KeychainError);
    await expect(write).rejects.toMatchObject({ code: 'keychain_unavailable' });
    const error = (await write.catch((e: unknown) => e)) as KeychainError;
    expect(error.message).not.toContain(secret);
    expect(error).toBeInstanceOf(UserFacingError);
    await expect(store.get('k')).rejects.toThrow(/could not read a secret: Cannot autolaunch D-Bus/);
    await expect(store.held(['k'])).rejects.toThrow(/could not read a secret/);
    forgetSecret(secret);
  });

  it.each([
    ['an empty key id', '', 'x'],
    ['a blank key id', '   ', 'x'],
    ['a key id over 255 characters', 'a'.repeat(256), 'x'],
    ['an empty secret', 'ok', ''],
    ['a secret shorter than the exchange issues', 'ok', 'f'.repeat(31)],
    ['a one-character secret', 'ok', '7'],
  ])('refuses %s before touching the keychain', async (_label, keyId, secret) => {
    const touched: string[] = [];
    const spy: KeytarBackend = {
      getPassword: async () => (touched.push('get'), null),
      setPassword: async () => void touched.push('set'),
      deletePassword: async () => (touched.push('delete'), false),
    };
    const store = new KeytarSecretStore({ backend: spy, service: 'txc-desk-test' });
    await expect(store.set(keyId, secret)).rejects.toMatchObject({ code: 'invalid_input' });
    expect(touched).toEqual([]);
  });
});

describe('MemorySecretStore', () => {
  it('behaves like the keychain store', async () => {
    const store = new MemorySecretStore();
    const secret = newSecret();
    await store.set('b', secret);
    await store.set('a', newSecret());
    expect(await store.list()).toEqual(['a', 'b']);
    expect(await store.get('b')).toBe(secret);
    expect(redact(secret)).toBe('[redacted]');
    expect(await store.delete('b')).toBe(true);
    expect(await store.delete('b')).toBe(false);
    expect(await store.get('b')).toBeUndefined();
    await expect(store.get('')).rejects.toMatchObject({ code: 'invalid_input' });
    forgetSecret(secret);
  });
});
