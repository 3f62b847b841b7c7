// The sub-account lifecycle called as an injected script would call `window.txc`, with the real
// keychain: every money or key action asks main's own question, and declined it changes nothing at the
// exchange or in the keychain; inputs are re-checked in main before anything is asked; no answer ever
// carries a key's secret.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as admin from '../../../main/exchange/endpoints/sub-account-admin.ts';
import * as apiKeys from '../../../main/exchange/endpoints/sub-account-api-keys.ts';
import type {
  BatchPreviewView,
  BatchView,
  ExchangeSubAccountView,
  Reply,
  SubAccountKeyView,
} from '../../../main/ipc/contract.ts';
import { inProcessTransport } from '../../../main/ipc/in-process-transport.ts';
import { KeytarSecretStore } from '../../../main/vault/secret-store.ts';
import type { BridgeTransport } from '../../../preload/bridge.ts';
import { createTestCore, replyHelpers, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';
import { keyIdsIn } from '../../support/keychain.ts';

const desktop = scriptedDesktop();
const keychain = new KeytarSecretStore({ service: `txc-desk-test-${randomBytes(4).toString('hex')}` });
let core: TestCore;
let txc: BridgeTransport;
/** Every reply the script got, to look for secrets in. */
const replies: string[] = [];

beforeAll(async () => {
  core = await createTestCore({ platform: desktop.platform, secrets: keychain });
  txc = inProcessTransport(core.router, core.events, 'renderer');
}, 60_000);
afterAll(async () => {
  for (const id of await keyIdsIn(keychain)) await keychain.delete(id);
  await core.close();
});
beforeEach(() => {
  desktop.confirmAnswer = true;
  desktop.confirmations.length = 0;
});

async function call(procedure: string, input?: unknown): Promise<Reply<unknown>> {
  const reply = (await txc.invoke(procedure, input)) as Reply<unknown>;
  replies.push(JSON.stringify(reply));
  return reply;
}
const { ok } = replyHelpers(call);
async function declined(procedure: string, input: unknown): Promise<string> {
  desktop.confirmAnswer = false;
  const reply = await call(procedure, input);
  desktop.confirmAnswer = true;
  if (reply.ok) throw new Error(`${procedure} went through without the person's yes`);
  expect(reply.error.code, procedure).toBe('not_confirmed');
  return desktop.confirmations.at(-1)?.action ?? '';
}

const PERMS = { spotEnabled: true, collateralEnabled: true };
const mainCaller = () => core.accounts.caller(core.accounts.mainAccount('').id);
const aliases = async () => (await admin.page(await mainCaller(), { limit: 100 })).map((s) => s.alias).sort();

describe('sub-account procedures called by an untrusted renderer', () => {
  it('declined, creates nothing: no sub-account, no key, no keychain entry', async () => {
    const before = [await aliases(), await keyIdsIn(keychain)];
    expect(
      await declined('subaccounts.create', {
        alias: 'sneaky-one',
        shareKyc: true,
        permissions: PERMS,
        key: { type: 2, ips: [] },
        funding: { ticker: 'USDT', amount: '10' },
      }),
    ).toBe('Create sub-account');
    const preview = await ok<BatchPreviewView>('subaccounts.previewBatch', {
      pattern: 'sneaky-{nn}',
      start: 1,
      count: 5,
      shareKyc: true,
      permissions: PERMS,
      key: { type: 1, ips: [] },
    });
    expect(await declined('subaccounts.runBatch', { previewId: preview.previewId })).toBe(
      'Create 5 sub-accounts',
    );
    expect([await aliases(), await keyIdsIn(keychain)]).toEqual(before);
    expect((await ok<unknown[]>('subaccounts.batches')).length).toBe(0);
  });

  it('declined, changes nothing: edit, block, delete, sweep', async () => {
    const made = await ok<BatchView>('subaccounts.create', {
      alias: 'guarded',
      shareKyc: true,
      permissions: PERMS,
      key: { type: 1, ips: [] },
      funding: { ticker: 'USDT', amount: '5' },
    });
    const subAccountId = made.accounts[0]?.subAccountId ?? '';
    const actions = [
      await declined('subaccounts.edit', { subAccountId, alias: 'renamed', permissions: PERMS }),
      await declined('subaccounts.setBlocked', { subAccountId, blocked: true }),
      await declined('subaccounts.sweepToMain', { subAccountId }),
    ];
    expect(actions).toEqual(['Change sub-account', 'Block', 'Sweep to main']);
    const [row] = (await ok<ExchangeSubAccountView[]>('subaccounts.list')).filter(
      (s) => s.subAccountId === subAccountId,
    );
    expect([row?.alias, row?.status]).toEqual(['guarded', 'active']);
    // holding funds, delete is refused before any question; empty, it still asks
    const refused = await call('subaccounts.delete', { subAccountId });
    expect(refused.ok ? '' : refused.error.code).toBe('holds_funds');
    await ok('subaccounts.sweepToMain', { subAccountId });
    expect(await declined('subaccounts.delete', { subAccountId })).toBe('Delete sub-account');
    expect(await aliases()).toContain('guarded');
  });

  it('declined, changes no key: create, delete, IP list', async () => {
    const [row] = (await ok<ExchangeSubAccountView[]>('subaccounts.list')).filter(
      (s) => s.alias === 'guarded',
    );
    const subAccountId = row?.subAccountId ?? '';
    const keysBefore = await ok<SubAccountKeyView[]>('subaccounts.keys', { subAccountId });
    const secretsBefore = await keyIdsIn(keychain);
    const apiKeyId = keysBefore[0]?.id ?? '';
    const actions = [
      await declined('subaccounts.createKey', { subAccountId, type: 2, ips: [] }),
      await declined('subaccounts.deleteKey', { subAccountId, apiKeyId }),
      await declined('subaccounts.setKeyIps', { subAccountId, apiKeyId, add: ['192.0.2.1'], remove: [] }),
    ];
    expect(actions).toEqual(['Create key', 'Delete key', 'Change allow-list']);
    expect(await ok<SubAccountKeyView[]>('subaccounts.keys', { subAccountId })).toEqual(keysBefore);
    expect(await apiKeys.listIps(await mainCaller(), apiKeyId)).toEqual([]);
    expect(await keyIdsIn(keychain)).toEqual(secretsBefore);
  });

  it('refuses IP entries main cannot read, and more than 50, before anything is asked', async () => {
    const [row] = (await ok<ExchangeSubAccountView[]>('subaccounts.list')).filter(
      (s) => s.alias === 'guarded',
    );
    const subAccountId = row?.subAccountId ?? '';
    const [key] = await ok<SubAccountKeyView[]>('subaccounts.keys', { subAccountId });
    for (const bad of ['300.1.1.1', '10.0.0.1/40', 'localhost', '1.2.3', '0x7f.0.0.1', '::1/129', '']) {
      const reply = await call('subaccounts.setKeyIps', {
        subAccountId,
        apiKeyId: key?.id,
        add: [bad],
        remove: [],
      });
      expect(reply.ok ? bad : reply.error.field, bad).toBe('ips');
    }
    const many = Array.from(
      { length: 51 },
      (_, i) => `10.7.${String(Math.floor(i / 250))}.${String((i % 250) + 1)}`,
    );
    const over = await call('subaccounts.setKeyIps', {
      subAccountId,
      apiKeyId: key?.id,
      add: many,
      remove: [],
    });
    expect(over.ok).toBe(false);
    const alsoOver = await call('subaccounts.createKey', {
      subAccountId,
      type: 1,
      ips: many.slice(0, 50).concat('x'),
    });
    expect(alsoOver.ok ? '' : alsoOver.error.field).toBe('ips');
    expect(desktop.confirmations).toEqual([]);
  });

  it('refuses a key or sub-account that is not the one named, and never answers a secret', async () => {
    const [row] = (await ok<ExchangeSubAccountView[]>('subaccounts.list')).filter(
      (s) => s.alias === 'guarded',
    );
    const other = (await ok<ExchangeSubAccountView[]>('subaccounts.list')).find(
      (s) => s.alias === 'sub-alpha',
    );
    const [key] = await ok<SubAccountKeyView[]>('subaccounts.keys', { subAccountId: row?.subAccountId });
    // a key of one sub-account named with another: not found, nothing asked
    const wrong = await call('subaccounts.deleteKey', {
      subAccountId: other?.subAccountId,
      apiKeyId: key?.id,
    });
    expect(wrong.ok ? '' : wrong.error.code).toBe('not_found');
    expect(desktop.confirmations).toEqual([]);
    await ok('subaccounts.createKey', { subAccountId: row?.subAccountId, type: 1, ips: [] });
    const secrets = await Promise.all((await keyIdsIn(keychain)).map((id) => keychain.get(id)));
    for (const secret of secrets) for (const reply of replies) expect(reply).not.toContain(secret);
  });
});
