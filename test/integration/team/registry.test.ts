import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type {
  AccountView,
  RemovedKeyView,
  TeamChangeView,
  TeamMemberView,
  TeamView,
} from '../../../main/ipc/contract.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { procedureCalls } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';
import { createTeamDatabase, eventually, startOperatorCore } from '../../support/team.ts';

const info = inject('postgres');
let sandbox: Sandbox;
let database: string;
type Operator = Awaited<ReturnType<typeof startOperatorCore>>;
const ops: Record<'alice' | 'bob' | 'carol', Operator> = {} as never;
const desktop = scriptedDesktop();

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  database = await createTeamDatabase(info);
  for (const name of ['alice', 'bob', 'carol'] as const)
    ops[name] = await startOperatorCore({
      info,
      database,
      operator: name,
      sandbox,
      platform: desktop.platform,
    });
  for (const name of ['alice', 'bob', 'carol'] as const)
    await eventually(
      async () => (await calls(name).ok<TeamView>('team.state')).status === 'connected',
      `${name} connected`,
    );
});

afterAll(async () => {
  await Promise.all(Object.values(ops).map((core) => core.close()));
  await sandbox?.close();
});

const calls = (name: keyof typeof ops) => procedureCalls(() => ops[name]);
const listed = async (name: keyof typeof ops) => calls(name).ok<AccountView[]>('accounts.list');

describe('three operators on one team desk', () => {
  it("share one registry: an account one adds shows on the others' at once, without its secret", async () => {
    const main = sandbox.accounts.find((a) => a.kind === 'main');
    if (!main) throw new Error('no main account in the sandbox');
    const changed: number[] = [];
    const stop = ops.bob.events.subscribe((event) => {
      if (event === 'accounts.changed') changed.push(Date.now());
    });
    desktop.clipboard = main.apiSecret;
    const added = await calls('alice').ok<AccountView>('accounts.addFromClipboard', {
      label: 'Desk main',
      kind: 'main',
      apiKey: main.apiKey,
      groups: ['Desk'],
    });
    expect(added.keyHolders).toEqual(['alice']);
    for (const name of ['bob', 'carol'] as const) {
      const row = await eventually(
        async () => (await listed(name)).find((a) => a.id === added.id && a.keyHolders?.length),
        `${name} sees the account`,
      );
      expect(row).toMatchObject({
        label: 'Desk main',
        groups: ['Desk'],
        keyElsewhere: true,
        keyHolders: ['alice'],
      });
      // Nothing that needs the key works for an operator who lacks it, and the refusal names who holds it.
      const refused = await calls(name).refused('balances.spot', { accountId: added.id });
      expect(refused.message).toBe(
        'The key of "Desk main" is not on this computer (alice holds it): add your key to use it.',
      );
      expect(await ops[name].secrets.get(added.id)).toBeUndefined();
    }
    expect(changed.length).toBeGreaterThan(0);
    stop();
  });

  it("follows a teammate's rename and groups, and keeps each operator's favourite to themselves", async () => {
    const [account] = await listed('alice');
    if (!account) throw new Error('no account');
    await calls('bob').ok('accounts.update', { id: account.id, favourite: true });
    await calls('carol').ok('accounts.rename', { id: account.id, label: 'Desk main (EU)' });
    await calls('carol').ok('accounts.update', { id: account.id, groups: ['Desk', 'EU'] });
    for (const name of ['alice', 'bob'] as const)
      await eventually(
        async () => (await listed(name)).find((a) => a.label === 'Desk main (EU)' && a.groups.includes('EU')),
        `${name} sees the rename`,
      );
    expect((await listed('bob'))[0]?.favourite).toBe(true);
    expect((await listed('alice'))[0]?.favourite).toBe(false);
  });

  it('refuses a label or a key the desk has already, whoever registered it', async () => {
    const main = sandbox.accounts.find((a) => a.kind === 'main');
    const sub = sandbox.accounts.find((a) => a.kind === 'sub');
    if (!main || !sub) throw new Error('sandbox accounts');
    desktop.clipboard = sub.apiSecret;
    const byLabel = await calls('bob').refused('accounts.addFromClipboard', {
      label: 'desk main (eu)',
      kind: 'sub',
      apiKey: sub.apiKey,
    });
    expect(byLabel).toMatchObject({ field: 'label' });
    desktop.clipboard = main.apiSecret;
    const byKey = await calls('bob').refused('accounts.addFromClipboard', {
      label: 'Another name',
      kind: 'main',
      apiKey: main.apiKey,
    });
    expect(byKey).toMatchObject({ field: 'apiKey' });
    expect((await listed('bob')).map((a) => a.label)).toEqual(['Desk main (EU)']);
  });

  it('lets an operator add their own key for a shared account; the desk then says both hold it', async () => {
    const main = sandbox.accounts.find((a) => a.kind === 'main');
    const [account] = await listed('bob');
    if (!main || !account) throw new Error('setup');
    desktop.clipboard = main.apiSecret;
    const view = await calls('bob').ok<AccountView>('accounts.importKeyFromClipboard', { id: account.id });
    expect(view.keyElsewhere).toBeUndefined();
    expect(await ops.bob.secrets.get(account.id)).toBe(main.apiSecret);
    await eventually(
      async () => (await listed('carol'))[0]?.keyHolders?.join() === 'alice,bob',
      'carol sees both holders',
    );
    const members = await calls('carol').ok<TeamMemberView[]>('team.members');
    expect(members.filter((m) => ['alice', 'bob', 'carol'].includes(m.name))).toEqual([
      expect.objectContaining({ name: 'alice', online: true, keys: 1, you: false }),
      expect.objectContaining({ name: 'bob', online: true, keys: 1, you: false }),
      expect.objectContaining({ name: 'carol', online: true, keys: 0, you: true }),
    ]);
    expect(members.find((m) => m.name === 'dave')).toMatchObject({ online: false, lastSeenMs: null });
  });

  it('share the address book, the order guards and the alerts, each change with every operator', async () => {
    const entry = await calls('alice').ok<{ id: string }>('wallet.addAddress', {
      label: 'Treasury cold wallet',
      network: 'ERC20',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
    });
    await calls('bob').ok('guards.configure', { bandPct: '2', notionalCeiling: '1000' });
    await calls('carol').ok('alerts.addPrice', { market: 'BTC_USDT', direction: 'above', price: '90000' });
    for (const name of ['alice', 'bob', 'carol'] as const) {
      await eventually(
        async () =>
          (await calls(name).ok<Array<{ id: string }>>('wallet.addressBook')).some((e) => e.id === entry.id),
        `${name} has the address`,
      );
      await eventually(
        async () => (await calls(name).ok<{ bandPct: string }>('guards.settings')).bandPct === '2',
        `${name} has the guards`,
      );
      await eventually(
        async () =>
          (await calls(name).ok<Array<{ price?: string }>>('alerts.list')).some((a) => a.price === '90000'),
        `${name} has the alert`,
      );
    }
    await calls('bob').ok('wallet.removeAddress', { id: entry.id });
    await eventually(
      async () => (await calls('alice').ok<unknown[]>('wallet.addressBook')).length === 0,
      'alice sees the removal',
    );
  });

  it("removes an account from every operator's registry, keeping each teammate's key until they delete it", async () => {
    const [account] = await listed('alice');
    if (!account) throw new Error('no account');
    const told: TeamChangeView[] = [];
    const stop = ops.bob.events.subscribe((event, payload) => {
      if (event === 'team.change') told.push(payload as TeamChangeView);
    });
    desktop.confirmAnswer = true;
    await calls('carol').ok('accounts.remove', { id: account.id });
    for (const name of ['alice', 'bob'] as const)
      await eventually(async () => (await listed(name)).length === 0, `${name} sees the removal`);
    // A teammate's removal never deletes a key of theirs: it waits, with who removed it and when.
    const kept = await eventually(
      async () => (await calls('bob').ok<RemovedKeyView[]>('accounts.removedKeys'))[0],
      'bob keeps the key',
    );
    expect(kept).toMatchObject({ id: account.id, label: 'Desk main (EU)', removedBy: 'carol' });
    expect(Math.abs(kept.removedAtMs - Date.now())).toBeLessThan(60_000);
    expect(await ops.bob.secrets.get(account.id)).toBeDefined();
    expect(await ops.alice.secrets.get(account.id)).toBeDefined();
    await eventually(() => told.some((c) => c.what === 'account'), 'bob told of the removal');
    stop();
    expect(told.find((c) => c.what === 'account')).toMatchObject({
      by: 'carol',
      level: 'warning',
      title: expect.stringMatching(
        /^"Desk main \(EU\)" removed from the desk by carol at \d\d:\d\d$/,
      ) as string,
    });

    // Bob deletes his, answering main's own question (No first: nothing is deleted).
    const before = desktop.confirmations.length;
    desktop.confirmAnswer = false;
    await calls('bob').refused('accounts.deleteRemovedKey', { id: account.id });
    expect(await ops.bob.secrets.get(account.id)).toBeDefined();
    desktop.confirmAnswer = true;
    await calls('bob').ok('accounts.deleteRemovedKey', { id: account.id });
    expect(desktop.confirmations.slice(before).map((q) => q.title)).toEqual([
      'Delete the key of "Desk main (EU)" from this computer?',
      'Delete the key of "Desk main (EU)" from this computer?',
    ]);
    expect(await ops.bob.secrets.get(account.id)).toBeUndefined();
    expect(await calls('bob').ok<RemovedKeyView[]>('accounts.removedKeys')).toEqual([]);
    // Alice's stays until she decides.
    expect(await ops.alice.secrets.get(account.id)).toBeDefined();
  });
});
