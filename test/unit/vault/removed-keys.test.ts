/**
 * A teammate's change of the desk's registry as this profile's registry applies it: a removal never
 * deletes a secret of this keychain (the key waits, with who removed the account and when, until the
 * operator deletes it, or the account comes back), and each change of a label, a sub-account id or a
 * key, and each removal, is answered with who made it and when. A teammate's label is taken only as
 * one typed here: one with an invisible or blank-looking character, or reading the same as another
 * account's, is refused (the account keeps its own, or a new one takes its readable part and its id),
 * and told.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AccountRegistry } from '../../../main/vault/registry.ts';
import { MemorySecretStore } from '../../../main/vault/secret-store.ts';
import { identityWords } from '../../../main/team/change-words.ts';
import { sharedOf, type IdentityChange, type TeamAccountRow } from '../../../main/vault/shared.ts';

async function registryWithAccount() {
  const secrets = new MemorySecretStore();
  const registry = new AccountRegistry(
    join(mkdtempSync(join(tmpdir(), 'txc-removed-')), 'accounts.sqlite'),
    secrets,
  );
  await registry.keys.load();
  const account = await registry.add({
    label: 'Treasury',
    kind: 'sub',
    subAccountId: '101',
    apiKey: 'pub-treasury',
    secret: 'sec-treasury-000000000000000000000',
    connection: 'live',
  });
  await secrets.set('webhook:' + account.id, 'hook-secret-0000000000000000000000');
  return { registry, secrets, account };
}

const cursor = { name: 'desk:registry', value: '{}' };
const row = (a: TeamAccountRow): { accounts: TeamAccountRow[]; holders: [] } => ({
  accounts: [a],
  holders: [],
});

describe("a teammate's removal of an account", () => {
  it('keeps its secrets here, says who removed it and when, and deletes them only when asked', async () => {
    const { registry, secrets, account } = await registryWithAccount();
    const applied = await registry.applyShared(
      row({ ...sharedOf(account), removed: true, changedBy: 'bob', changedAtMs: 1_780_000_000_000 }),
      cursor,
    );
    expect(registry.get(account.id)).toBeUndefined();
    expect(applied.identity).toEqual([
      {
        id: account.id,
        label: 'Treasury',
        by: 'bob',
        atMs: 1_780_000_000_000,
        removed: true,
        keyKept: true,
        fields: [],
      },
    ]);
    expect(await secrets.get(account.id)).toBe('sec-treasury-000000000000000000000');
    expect(registry.removedKeys.list()).toEqual([
      {
        id: account.id,
        label: 'Treasury',
        kind: 'sub',
        subAccountId: '101',
        apiKey: 'pub-treasury',
        connection: 'live',
        removedBy: 'bob',
        removedAtMs: 1_780_000_000_000,
      },
    ]);
    await registry.removedKeys.forget(account.id);
    expect(await secrets.list()).toEqual([]);
    expect(registry.removedKeys.list()).toEqual([]);
  });

  it('lets the key work again when the account comes back to the desk', async () => {
    const { registry, secrets, account } = await registryWithAccount();
    await registry.applyShared(
      row({ ...sharedOf(account), removed: true, changedBy: 'bob', changedAtMs: 1 }),
      cursor,
    );
    await registry.applyShared(
      row({ ...sharedOf(account), removed: false, changedBy: 'ada', changedAtMs: 2 }),
      cursor,
    );
    expect(registry.removedKeys.list()).toEqual([]);
    expect(await registry.credentials(account.id)).toEqual({
      apiKey: 'pub-treasury',
      secret: await secrets.get(account.id),
    });
  });

  it("answers a change of the label, the sub-account id or the key with who and when, and not a group's", async () => {
    const { registry, account } = await registryWithAccount();
    const changed = await registry.applyShared(
      row({
        ...sharedOf(account),
        label: 'Treasury 2',
        subAccountId: '999',
        groups: ['EU'],
        removed: false,
        changedBy: 'bob',
        changedAtMs: 5,
      }),
      cursor,
    );
    expect(changed.identity).toEqual([
      {
        id: account.id,
        label: 'Treasury 2',
        by: 'bob',
        atMs: 5,
        removed: false,
        keyKept: false,
        fields: [
          { field: 'label', from: 'Treasury', to: 'Treasury 2' },
          { field: 'subAccountId', from: '101', to: '999' },
        ],
      },
    ]);
    const grouped = await registry.applyShared(
      row({
        ...sharedOf(registry.get(account.id) ?? account),
        groups: ['US'],
        removed: false,
        changedBy: 'bob',
      }),
      cursor,
    );
    expect(grouped.identity).toEqual([]);
  });
});

describe("this computer's account of a key the desk has under another id", () => {
  const desk = (account: TeamAccountRow): TeamAccountRow => ({
    ...account,
    id: '7d1c0a2e-4c57-4f4e-9a55-2b7fbc1c9e01',
    label: 'Ops',
    removed: false,
    changedBy: 'ada',
    changedAtMs: 9,
  });

  it("becomes the desk's: every secret moves to it, its favourite too, and what differs is answered", async () => {
    const { registry, secrets, account } = await registryWithAccount();
    await registry.update(account.id, { favourite: true });
    const team = desk({ ...sharedOf(account), removed: false });
    const applied = await registry.applyShared(row(team), cursor, new Map([[team.id, account.id]]));
    expect(registry.get(account.id)).toBeUndefined();
    expect(registry.get(team.id)).toMatchObject({ label: 'Ops', favourite: true });
    expect(await secrets.list()).toEqual([team.id, `webhook:${team.id}`].sort());
    expect(await secrets.get(`webhook:${team.id}`)).toBe('hook-secret-0000000000000000000000');
    expect(registry.removedKeys.list()).toEqual([]);
    expect(applied.identity).toEqual([
      {
        id: team.id,
        label: 'Ops',
        by: 'ada',
        atMs: 9,
        removed: false,
        keyKept: false,
        was: 'Treasury',
        fields: [{ field: 'label', from: 'Treasury', to: 'Ops' }],
      },
    ]);
  });

  it('leaves a secret the desk’s account holds another of where it was, kept until the operator deletes it', async () => {
    const { registry, secrets, account } = await registryWithAccount();
    const team = desk({ ...sharedOf(account), removed: false, webhookApiKey: 'hook-of-the-desk' });
    await secrets.set(`webhook:${team.id}`, 'hook-secret-of-the-desk-00000000000000');
    const applied = await registry.applyShared(row(team), cursor, new Map([[team.id, account.id]]));
    expect(await secrets.get(team.id)).toBe('sec-treasury-000000000000000000000');
    expect(await secrets.get(`webhook:${team.id}`)).toBe('hook-secret-of-the-desk-00000000000000');
    expect(await secrets.get(`webhook:${account.id}`)).toBe('hook-secret-0000000000000000000000');
    expect(await secrets.get(account.id)).toBeUndefined();
    expect(registry.removedKeys.list()).toEqual([
      expect.objectContaining({ id: account.id, label: 'Treasury', removedBy: 'ada', removedAtMs: 9 }),
    ]);
    expect(applied.identity).toEqual([
      expect.objectContaining({
        was: 'Treasury',
        keyKept: true,
        fields: [
          { field: 'label', from: 'Treasury', to: 'Ops' },
          { field: 'webhookApiKey', from: null, to: 'hook-of-the-desk' },
        ],
      }),
    ]);
    await registry.removedKeys.forget(account.id);
    expect(await secrets.list()).toEqual([team.id, `webhook:${team.id}`].sort());
  });
});

describe("a teammate's label", () => {
  const by = { removed: false, changedBy: 'mallory', changedAtMs: 7 };

  it('is taken only as one typed here: a blank-looking or look-alike name is refused, the account keeps its own, and the rest of the change is taken', async () => {
    const { registry, account } = await registryWithAccount();
    const other = await registry.add({
      label: 'Alpha',
      kind: 'sub',
      subAccountId: '102',
      apiKey: 'pub-alpha',
      secret: 'sec-alpha-00000000000000000000000',
      connection: 'live',
    });
    // "Treasury" again through the braille blank, with a new sub-account id and group
    const applied = await registry.applyShared(
      row({ ...sharedOf(other), label: 'Treasury\u2800', subAccountId: '999', groups: ['EU'], ...by }),
      cursor,
    );
    expect(registry.get(other.id)).toMatchObject({ label: 'Alpha', subAccountId: '999', groups: ['EU'] });
    expect(registry.get(account.id)?.label).toBe('Treasury');
    expect(applied.identity).toEqual([
      {
        id: other.id,
        label: 'Alpha',
        by: 'mallory',
        atMs: 7,
        removed: false,
        keyKept: false,
        fields: [{ field: 'subAccountId', from: '102', to: '999' }],
      },
      {
        id: other.id,
        label: 'Alpha',
        by: 'mallory',
        atMs: 7,
        removed: false,
        keyKept: false,
        fields: [],
        refused: {
          label: 'Treasury\u2800',
          kept: 'Alpha',
          newAccount: false,
          problem: 'The label has an invisible or blank-looking character after "Treasury": remove it.',
        },
      },
    ]);
    expect(identityWords(applied.identity[1] as IdentityChange, 10)).toMatchObject({
      title: expect.stringMatching(/^Not taken: mallory's label "Treasury" for "Alpha" at /) as unknown,
      words: expect.stringMatching(/^This app kept "Alpha": The label has an invisible/) as unknown,
      level: 'warning',
    });
    // a new account reading the same as one here is named by its readable part and its id, told
    const twin = { ...sharedOf(other), id: '3f2a9c1d-0000-4000-8000-0000000000aa', label: 'Тreasury' };
    const added = await registry.applyShared(row({ ...twin, apiKey: 'pub-twin', ...by }), cursor);
    expect(registry.get(twin.id)?.label).toBe('Тreasury (3f2a9c1d)');
    expect(added.identity.map((c) => c.refused)).toEqual([
      {
        label: 'Тreasury',
        kept: 'Тreasury (3f2a9c1d)',
        newAccount: true,
        problem: expect.stringMatching(/reads the same as the account "Treasury"/) as unknown,
      },
    ]);
    expect(identityWords(added.identity[0] as IdentityChange, 10).words).toMatch(
      /^This app named the account "Тreasury \(3f2a9c1d\)": "Тreasury" reads the same as the account "Treasury"/,
    );
  });

  it('takes two labels swapped in one change, and a name it already holds as it is', async () => {
    const { registry, account } = await registryWithAccount();
    const other = await registry.add({
      label: 'Alpha',
      kind: 'sub',
      subAccountId: '102',
      apiKey: 'pub-alpha',
      secret: 'sec-alpha-00000000000000000000000',
      connection: 'live',
    });
    const swapped = await registry.applyShared(
      {
        accounts: [
          { ...sharedOf(account), label: 'Alpha', ...by },
          { ...sharedOf(other), label: 'Treasury', ...by },
        ],
        holders: [],
      },
      cursor,
    );
    expect(swapped.identity.some((c) => c.refused)).toBe(false);
    expect([registry.get(account.id)?.label, registry.get(other.id)?.label]).toEqual(['Alpha', 'Treasury']);
  });
});
