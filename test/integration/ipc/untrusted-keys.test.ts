// Account keys when the renderer is not trusted: an injected script can call the key procedures of
// `window.txc` directly. Main asks the person in its own dialog before a key is removed or replaced,
// takes a new secret from the clipboard only then, and replaces a key only once a read signed with the
// new pair was accepted. Declined or refused, nothing changes in the registry or the keychain.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply } from '../../../main/ipc/contract.ts';
import { inProcessTransport } from '../../../main/ipc/in-process-transport.ts';
import type { AccountRecord } from '../../../main/vault/registry.ts';
import { KeytarSecretStore } from '../../../main/vault/secret-store.ts';
import type { BridgeTransport } from '../../../preload/bridge.ts';
import { createTestCore, replyHelpers, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';
import { keyIdsIn } from '../../support/keychain.ts';

const desktop = scriptedDesktop();
const keychain = new KeytarSecretStore({ service: `txc-desk-test-${randomBytes(4).toString('hex')}` });
let core: TestCore;
let txc: BridgeTransport;

beforeAll(async () => {
  core = await createTestCore({
    platform: desktop.platform,
    secrets: keychain,
    connection: { kind: 'sandbox', persist: false, extraSubAccounts: 1 },
  });
  txc = inProcessTransport(core.router, core.events, 'renderer');
}, 60_000);
afterAll(async () => {
  for (const id of await keyIdsIn(keychain)) await keychain.delete(id);
  await core.close();
});

const call = (procedure: string, input?: unknown) => txc.invoke(procedure, input) as Promise<Reply<unknown>>;
const { ok } = replyHelpers(call);
const byLabel = (label: string): AccountRecord => {
  const account = core.accounts.registry.list().find((a) => a.label === label);
  if (!account) throw new Error(`no account ${label}`);
  return account;
};
const extra = (n: number) => byLabel(`Sandbox sub-${String(n).padStart(3, '0')}`);

function answering<T>(answer: boolean, run: () => Promise<T>): Promise<T> {
  desktop.confirmAnswer = answer;
  return run().finally(() => (desktop.confirmAnswer = true));
}

const facts = (i = -1) =>
  Object.fromEntries((desktop.confirmations.at(i)?.facts ?? []).map((f) => [f.label, f.value]));

describe('account keys', () => {
  async function added(label: string, apiKey: string, secret: string) {
    desktop.clipboard = secret;
    return ok<{ id: string }>('accounts.addFromClipboard', { label, kind: 'main', apiKey });
  }

  it('removes an account only when confirmed: declined, the keychain entry stays', async () => {
    const { id } = await added('Spare key', 'pub-untrusted-0001', 'sec-untrusted-0001-abcdef0123456789');
    const refused = await answering(false, () => call('accounts.remove', { id }));
    expect(refused).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
    expect(core.accounts.registry.get(id)?.label).toBe('Spare key');
    expect(await keychain.get(id)).toBe('sec-untrusted-0001-abcdef0123456789');

    await ok('accounts.remove', { id });
    expect(desktop.confirmations.at(-1)).toMatchObject({ action: 'Remove account' });
    expect(facts()).toMatchObject({ Account: 'Spare key', Kind: 'main account' });
    expect(desktop.confirmations.at(-1)?.warning).toMatch(/deleted from the keychain/);
    expect(core.accounts.registry.get(id)).toBeUndefined();
    expect(await keychain.get(id)).toBeUndefined();
  });

  /** A key pair the exchange issued and no account holds: sub-001's, reset with an empty answer. */
  async function issuedPair(): Promise<{ apiKey: string; apiSecret: string }> {
    const control = core.connection.sandbox?.control;
    control?.setKeyResetAnswer('empty');
    try {
      await ok('subaccounts.resetKey', { accountId: extra(1).id });
    } finally {
      control?.setKeyResetAnswer('key');
    }
    const pair = core.connection.sandbox?.accounts.find((a) => a.label === 'sub-001');
    if (!pair) throw new Error('the sandbox lost sub-001');
    return pair;
  }

  it('rotates a key only when confirmed, stating the old and new public key; declined, nothing is taken', async () => {
    // issued before a second main account is added (the first main account signs sub-account work)
    const fresh = await issuedPair();
    const { id } = await added('Rotating key', 'pub-untrusted-0002', 'sec-untrusted-0002-abcdef0123456789');
    desktop.clipboard = fresh.apiSecret;
    const refused = await answering(false, () =>
      call('accounts.rotateFromClipboard', { id, apiKey: fresh.apiKey }),
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
    expect(core.accounts.registry.get(id)?.apiKey).toBe('pub-untrusted-0002');
    expect(await keychain.get(id)).toBe('sec-untrusted-0002-abcdef0123456789');
    expect(desktop.clipboard).toBe(fresh.apiSecret);

    await ok('accounts.rotateFromClipboard', { id, apiKey: fresh.apiKey });
    expect(facts()).toMatchObject({
      Account: 'Rotating key (main account)',
      'Old public key': 'pub-untrusted-0002',
      'New public key': fresh.apiKey,
    });
    expect(core.accounts.registry.get(id)?.apiKey).toBe(fresh.apiKey);
    expect(await keychain.get(id)).toBe(fresh.apiSecret);
    // the new pair signs for the account at once
    expect(await ok('balances.spot', { accountId: id })).toHaveProperty('USDT');
    await ok('accounts.remove', { id });
  });

  it('a made-up key is tried before it replaces anything: refused in plain words, the old pair kept', async () => {
    const alpha = byLabel('Sandbox sub-alpha');
    const before = await core.accounts.registry.credentials(alpha.id);
    desktop.clipboard = 'made-up-secret-0004-abcdef0123456789';
    const reply = await call('accounts.rotateFromClipboard', { id: alpha.id, apiKey: 'made-up-key-0004' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'key_refused', field: 'apiKey' } });
    const message = reply.ok ? '' : reply.error.message;
    expect(message).toBe(
      'The exchange refused the new key: a read signed with it was not accepted. Check that the public key and the secret were copied whole and belong together. The old key is kept.',
    );
    expect(await core.accounts.registry.credentials(alpha.id)).toEqual(before);
    // the old pair still signs
    expect(await ok('balances.spot', { accountId: alpha.id })).toHaveProperty('USDT');
  });
});
