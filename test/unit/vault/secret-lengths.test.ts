import { describe, expect, it } from 'vitest';
import { MemorySecretStore, teamPasswordId, webhookSecretId } from '../../../main/vault/secret-store.ts';

describe('what the keychain takes', () => {
  it('refuses an exchange secret shorter than the exchange issues, for an account or a webhook', async () => {
    const store = new MemorySecretStore();
    await expect(store.set('account-1', 'a'.repeat(31))).rejects.toMatchObject({ field: 'secret' });
    await expect(store.set(webhookSecretId('account-1'), 'b'.repeat(16))).rejects.toThrow(/32 or more/);
    expect(await store.list()).toEqual([]);
  });

  it("takes the team desk's password as the desk chose it, however short, and never an empty one", async () => {
    const store = new MemorySecretStore();
    await store.set(teamPasswordId('default'), 'pw-alice');
    expect(await store.get(teamPasswordId('default'))).toBe('pw-alice');
    await expect(store.set(teamPasswordId('other'), '')).rejects.toThrow(/must not be empty/);
  });
});
