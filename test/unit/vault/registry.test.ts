import { lookAlikeOf } from '../../../main/rules/label-skeleton.ts';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { migrate } from '../../../main/cache/migrate.ts';
import { accounts as accountsV1 } from '../../../main/vault/migrations/0001-accounts.ts';
import { AccountRegistry } from '../../../main/vault/registry.ts';
import { KeytarSecretStore, MemorySecretStore, type SecretStore } from '../../../main/vault/secret-store.ts';

function open<S extends SecretStore = MemorySecretStore>(
  secrets: S = new MemorySecretStore() as unknown as S,
) {
  const dir = mkdtempSync(join(tmpdir(), 'txc-registry-'));
  const file = join(dir, 'profiles', 'default', 'accounts.sqlite');
  return { registry: new AccountRegistry(file, secrets), file, dir, secrets };
}

const desk = { kind: 'main' as const, connection: 'sandbox' };

describe('account registry', () => {
  it('answers get and list from memory and reads each account again after every kind of write', async () => {
    const { registry } = open();
    // What get answers and what list shows of the account, which must agree after every write.
    const seen = (id: string) => {
      const listed = registry.list().find((x) => x.id === id);
      expect(listed).toEqual(registry.get(id));
      return listed;
    };
    const a = await registry.add({
      ...desk,
      label: 'Desk A',
      apiKey: 'pub-a',
      secret: 'sec-aaaaaaaa00000000000000000000',
    });
    expect(registry.get(a.id)?.label).toBe('Desk A');
    // A record handed out is the caller's own: changing it changes nothing kept.
    (registry.get(a.id) as { label: string }).label = 'changed by a caller';
    (registry.list()[0]?.groups as string[]).push('changed by a caller');
    expect(seen(a.id)).toMatchObject({ label: 'Desk A', groups: [] });
    await registry.rename(a.id, 'Desk Alpha');
    expect(seen(a.id)?.label).toBe('Desk Alpha');
    await registry.update(a.id, { groups: ['EU'], favourite: true });
    expect(seen(a.id)).toMatchObject({ groups: ['EU'], favourite: true });
    await registry.recordPermissions(a.id, [{ url: '/api/v4/order/new', enable: true }]);
    expect(seen(a.id)?.urlPermissions).toEqual({ '/api/v4/order/new': true });
    await registry.setWebhookKey(a.id, 'hook-key');
    expect(seen(a.id)?.webhookApiKey).toBe('hook-key');
    await registry.rotate(a.id, 'pub-a2', 'sec-a2a2a2a200000000000000000000');
    expect(seen(a.id)?.apiKey).toBe('pub-a2');
    const waiting = await registry.addAwaitingKey({
      label: 'Sub W',
      subAccountId: 'w-1',
      connection: 'sandbox',
    });
    expect(seen(waiting.id)?.subAccountId).toBe('w-1');
    await registry.remove(a.id);
    expect(seen(a.id)).toBeUndefined();
    expect(registry.list().map((x) => x.label)).toEqual(['Sub W']);
  });

  it('lists the accounts a test accepts as the whole list shows them, in its order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(
          fc.record({ label: fc.stringMatching(/^[A-Za-z_ -]{1,6}$/), favourite: fc.boolean() }),
          { minLength: 1, maxLength: 12, selector: (a) => a.label.trim().toLowerCase() },
        ),
        async (wanted) => {
          const { registry } = open();
          const kept: string[] = [];
          // added as a batch adds them, in one commit to disk (each on its own would be a flush each)
          const adding: Array<{ onDisk: Promise<{ id: string }>; favourite: boolean }> = [];
          for (const [n, w] of wanted.entries()) {
            // a label reading the same as one kept ("l" and "I", "rn" and "m") is refused: left out
            if (w.label.trim() === '' || lookAlikeOf(w.label, kept) !== undefined) continue;
            kept.push(w.label);
            const { onDisk } = await registry.addInGroup({
              kind: n % 2 === 0 ? 'main' : 'sub',
              connection: 'sandbox',
              label: w.label,
              apiKey: `pub-${String(n)}`,
              secret: `sec-${String(n).padStart(28, '0')}`,
            });
            adding.push({ onDisk, favourite: w.favourite });
          }
          registry.commitWaiting();
          for (const { onDisk, favourite } of adding)
            if (favourite) await registry.update((await onDisk).id, { favourite: true });
          for (const test of [
            () => true,
            (a: { kind: string }) => a.kind === 'main',
            (a: { label: string }) => /[a-m]/i.test(a.label),
          ])
            expect(registry.list(test)).toEqual(registry.list().filter(test));
          registry.close();
        },
      ),
      { numRuns: 40 },
    );
  });

  it('adds, lists, renames, groups and removes accounts; the secret stays in the secret store', async () => {
    const { registry, secrets } = open();
    const a = await registry.add({
      ...desk,
      label: 'Desk A',
      apiKey: 'pub-a',
      secret: 'sec-aaaaaaaa00000000000000000000',
    });
    const b = await registry.add({
      label: 'Desk B',
      kind: 'sub',
      subAccountId: 'sub-1',
      apiKey: 'pub-b',
      secret: 'sec-bbbbbbbb00000000000000000000',
      connection: 'sandbox',
    });
    expect(registry.list().map((x) => x.label)).toEqual(['Desk A', 'Desk B']);
    expect(JSON.stringify(registry.list())).not.toContain('sec-');
    expect(await registry.credentials(a.id)).toEqual({
      apiKey: 'pub-a',
      secret: 'sec-aaaaaaaa00000000000000000000',
    });

    expect((await registry.rename(b.id, 'Desk Beta')).label).toBe('Desk Beta');
    const grouped = await registry.update(b.id, { groups: ['EU desk'], tags: ['maker'], favourite: true });
    expect(grouped).toMatchObject({ groups: ['EU desk'], tags: ['maker'], favourite: true });
    expect(registry.list()[0]?.label).toBe('Desk Beta');

    await registry.remove(a.id);
    expect(registry.get(a.id)).toBeUndefined();
    expect(await secrets.get(a.id)).toBeUndefined();
  });

  it('names the field of a duplicate label or key and of a bad value', async () => {
    const { registry } = open();
    await registry.add({
      ...desk,
      label: 'Desk A',
      apiKey: 'pub-a',
      secret: 'sec-aaaaaaaa00000000000000000000',
    });
    await expect(
      registry.add({ ...desk, label: 'desk a', apiKey: 'pub-x', secret: 's-xxxxxxxx0000000000000000000000' }),
    ).rejects.toMatchObject({ field: 'label' });
    await expect(
      registry.add({ ...desk, label: 'Other', apiKey: 'pub-a', secret: 's-xxxxxxxx0000000000000000000000' }),
    ).rejects.toMatchObject({
      field: 'apiKey',
      message: expect.stringContaining('Desk A'),
    });
    await expect(
      registry.add({ ...desk, label: 'Other', apiKey: 'pub y', secret: 's-xxxxxxxx0000000000000000000000' }),
    ).rejects.toMatchObject({ field: 'apiKey' });
    await expect(
      registry.add({ ...desk, label: ' ', apiKey: 'pub-y', secret: 's-xxxxxxxx0000000000000000000000' }),
    ).rejects.toMatchObject({ field: 'label' });
    expect(registry.list()).toHaveLength(1);
  });

  it('frees a name and a key as accounts are renamed, rotated and removed, and takes the new ones', async () => {
    const { registry, file } = open();
    const secret = (c: string) => `sec-${c.repeat(8)}00000000000000000000`;
    const a = await registry.add({ ...desk, label: 'Desk A', apiKey: 'pub-a', secret: secret('a') });
    const clash = (label: string, apiKey: string, on = registry) =>
      on.add({ ...desk, label, apiKey, secret: secret('x') }).then(
        async (made) => {
          await on.remove(made.id);
          return 'free';
        },
        (error: { field?: string }) => error.field,
      );
    // Its own name in other letters is no clash for the account itself.
    await registry.rename(a.id, 'DESK A');
    await registry.rename(a.id, 'Desk Alpha');
    expect(await clash('desk a', 'pub-x')).toBe('free');
    expect(await clash('desk alpha', 'pub-x')).toBe('label');
    await registry.rotate(a.id, 'pub-a2', secret('b'));
    expect(await clash('Other', 'pub-a')).toBe('free');
    expect(await clash('Other', 'pub-a2')).toBe('apiKey');
    await registry.remove(a.id);
    expect(await clash('Desk Alpha', 'pub-a2')).toBe('free');
    // Read again from the file, the names and keys are taken as before.
    await registry.add({ ...desk, label: 'Desk B', apiKey: 'pub-b', secret: secret('c') });
    registry.close();
    const reopened = new AccountRegistry(file, new MemorySecretStore());
    expect(await clash('desk b', 'pub-x', reopened)).toBe('label');
    expect(await clash('Other', 'pub-b', reopened)).toBe('apiKey');
    expect(await clash('Desk Alpha', 'pub-a2', reopened)).toBe('free');
    reopened.close();
  });

  it('tells its listeners when accounts are added (one by one from a CSV too) or removed, until they stop', async () => {
    const { registry } = open();
    const seen: number[] = [];
    const stop = registry.onAccountsChanged(() => seen.push(registry.list().length));
    const a = await registry.add({
      ...desk,
      label: 'Desk A',
      apiKey: 'pub-a',
      secret: 'sec-aaaaaaaa00000000000000000000',
    });
    await registry.rename(a.id, 'Desk A1');
    await registry.importCsv(
      'label,key,secret\nDesk B,pub-b,sec-bbbbbbbb000000000000000000000000\nDesk C,pub-c,sec-cccccccc000000000000000000000000\n',
      'sandbox',
    );
    await registry.remove(a.id);
    expect(seen).toEqual([1, 2, 3, 2]);
    stop();
    await registry.add({
      ...desk,
      label: 'Desk D',
      apiKey: 'pub-d',
      secret: 'sec-dddddddd00000000000000000000',
    });
    expect(seen).toHaveLength(4);
  });

  it('rotates a key pair after a reset', async () => {
    const { registry } = open();
    const a = await registry.add({
      ...desk,
      label: 'Desk A',
      apiKey: 'pub-a',
      secret: 'sec-aaaaaaaa00000000000000000000',
    });
    await registry.rotate(a.id, 'pub-a2', 'sec-a2a2a2a200000000000000000000');
    expect(await registry.credentials(a.id)).toEqual({
      apiKey: 'pub-a2',
      secret: 'sec-a2a2a2a200000000000000000000',
    });
  });

  it('imports many accounts from CSV with a per-row report, failures first, secrets left out', async () => {
    const { registry } = open();
    await registry.add({
      ...desk,
      label: 'Existing',
      apiKey: 'pub-e',
      secret: 'sec-eeeeeeee00000000000000000000',
    });
    const csv = [
      'label,key,secret,sub-account id',
      'Alpha,pub-1,sec-11111111000000000000000000000000,sub-1',
      '"Beta, the second",pub-2,sec-22222222000000000000000000000000,',
      'Existing,pub-3,sec-33333333000000000000000000000000,sub-3',
      'Broken,pub-4',
      'Gamma,pub-1,sec-55555555000000000000000000000000,sub-5',
    ].join('\r\n');
    const report = await registry.importCsv(csv, 'sandbox');
    expect(report.map((r) => [r.line, r.label, r.ok, r.field])).toEqual([
      [4, 'Existing', false, 'label'],
      [5, 'Broken', false, 'row'],
      [6, 'Gamma', false, 'apiKey'],
      [2, 'Alpha', true, undefined],
      [3, 'Beta, the second', true, undefined],
    ]);
    expect(JSON.stringify(report)).not.toMatch(/sec-/);
    expect(registry.list().find((a) => a.label === 'Alpha')).toMatchObject({
      kind: 'sub',
      subAccountId: 'sub-1',
    });
    expect(registry.list().find((a) => a.label === 'Beta, the second')?.kind).toBe('main');
  });

  it('keeps accounts across reopening, and no secret byte lands in the database files', async () => {
    const store = new KeytarSecretStore();
    const { registry, file, dir } = open(store);
    const secret = `sec-${Date.now()}-${Math.random().toString(36).slice(2)}`.padEnd(40, '0');
    const a = await registry.add({ ...desk, label: 'Keychain desk', apiKey: `pub-${Date.now()}`, secret });
    try {
      registry.close();
      const again = new AccountRegistry(file, store);
      expect(again.get(a.id)?.label).toBe('Keychain desk');
      expect((await again.credentials(a.id)).secret).toBe(secret);
      const folder = join(dir, 'profiles', 'default');
      for (const name of readdirSync(folder)) {
        expect(readFileSync(join(folder, name)).includes(Buffer.from(secret)), name).toBe(false);
      }
      await again.remove(a.id);
      expect(await store.get(a.id)).toBeUndefined();
      again.close();
    } finally {
      await store.delete(a.id);
    }
  });

  it('migrates a version 1 registry with accounts in it: they stay, with no known key permissions or webhook', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'txc-registry-v1-'));
    mkdirSync(join(dir, 'p'));
    const file = join(dir, 'p', 'accounts.sqlite');
    const v1 = new Database(file);
    migrate(v1, [accountsV1]);
    v1.prepare(
      `INSERT INTO accounts (id, label, kind, sub_account_id, api_key, connection, created_at, updated_at)
       VALUES ('a1', 'Old desk', 'sub', 's1', 'pub-old', 'sandbox', 1, 1)`,
    ).run();
    v1.close();
    const registry = new AccountRegistry(file, new MemorySecretStore());
    expect(registry.get('a1')).toMatchObject({
      label: 'Old desk',
      subAccountId: 's1',
      urlPermissions: {},
      webhookApiKey: null,
      exchangeStatus: 'active',
    });
    expect(
      (await registry.recordPermissions('a1', [{ url: '/api/v4/order/new', enable: false }])).urlPermissions,
    ).toEqual({
      '/api/v4/order/new': false,
    });
    registry.close();
  });

  it('adds accounts in groups: the secret kept before it answers, the rows in together, names checked among them', async () => {
    const { registry, file, secrets } = open();
    const changed: number[] = [];
    registry.onAccountsChanged(() => changed.push(registry.list().length));
    const sub = (n: number, label = `Sub ${String(n)}`) => ({
      label,
      kind: 'sub' as const,
      subAccountId: `s-${String(n)}`,
      apiKey: `pub-${String(n)}`,
      secret: `sec-${String(n)}${'0'.repeat(30)}`,
      connection: 'sandbox',
    });
    const added = await Promise.all([1, 2, 3].map((n) => registry.addInGroup(sub(n))));
    // Answered with each secret in the keychain, the rows not in yet.
    expect((await secrets.list()).length).toBe(3);
    expect(registry.list()).toEqual([]);
    // A name on its way in is taken already.
    await expect(registry.addInGroup(sub(4, 'sub 2'))).rejects.toThrow(/already exists/);
    const accounts = await Promise.all(added.map((a) => a.onDisk));
    expect(accounts.map((a) => a.label)).toEqual(['Sub 1', 'Sub 2', 'Sub 3']);
    expect(registry.list().map((a) => a.label)).toEqual(['Sub 1', 'Sub 2', 'Sub 3']);
    expect(changed.at(-1)).toBe(3);
    expect(await registry.credentials(accounts[0]?.id ?? '')).toEqual({
      apiKey: 'pub-1',
      secret: `sec-1${'0'.repeat(30)}`,
    });
    // A row the registry refuses (a key registered already, as a stale check would let through) goes
    // with its secret; the others of its group go in.
    const reopened = new Database(file);
    reopened.prepare(`UPDATE accounts SET label = 'Sub 9', api_key = 'pub-9' WHERE label = 'Sub 3'`).run();
    reopened.close();
    const [late, fine] = await Promise.all([
      registry.addInGroup(sub(9, 'Sub 10')),
      registry.addInGroup(sub(5)),
    ]);
    await expect(late?.onDisk).rejects.toThrow(/UNIQUE/);
    expect((await fine?.onDisk)?.label).toBe('Sub 5');
    expect(await secrets.list()).toHaveLength(4);
    registry.close();
  });
});
