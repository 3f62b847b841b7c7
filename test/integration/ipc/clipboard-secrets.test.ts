// A secret on the clipboard is read only after the person confirmed, in main's own dialog, which
// account it is for; declined, the clipboard is not touched. A secret shorter than the exchange issues
// (half of one, copied in a hurry) is refused in words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountView } from '../../../main/ipc/contract.ts';
import { webhookSecretId } from '../../../main/vault/secret-store.ts';
import { MemorySecretStore } from '../../../main/vault/secret-store.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const desktop = scriptedDesktop();
const secrets = new MemorySecretStore();
let core: TestCore;
const { ok, refused } = procedureCalls(() => core);

beforeAll(async () => {
  core = await createTestCore({ platform: desktop.platform, secrets });
}, 60_000);
afterAll(() => core.close());

const facts = () =>
  Object.fromEntries((desktop.confirmations.at(-1)?.facts ?? []).map((f) => [f.label, f.value]));

describe('secrets from the clipboard', () => {
  it('adds an account only once the person confirmed which one; declined, the clipboard is left alone', async () => {
    const secret = 'c1ipb0ard-desk-0001'.padEnd(32, '7');
    desktop.clipboard = secret;
    desktop.confirmAnswer = false;
    const input = {
      label: 'Clipboard desk',
      kind: 'sub',
      apiKey: 'pub-clipboard-0001',
      subAccountId: 'sub-9',
    };
    expect(await refused('accounts.addFromClipboard', input)).toMatchObject({ code: 'not_confirmed' });
    expect(desktop.clipboard).toBe(secret);
    expect(core.accounts.list().some((a) => a.label === 'Clipboard desk')).toBe(false);
    expect(desktop.confirmations.at(-1)).toMatchObject({
      title: 'Add "Clipboard desk" with the API secret on the clipboard?',
      action: 'Add account',
    });
    expect(facts()).toMatchObject({
      Account: 'Clipboard desk (sub-account)',
      'Public key': 'pub-clipboard-0001',
      'Sub-account id': 'sub-9',
      Exchange: 'the embedded sandbox',
    });

    desktop.confirmAnswer = true;
    const added = await ok<AccountView>('accounts.addFromClipboard', input);
    expect(desktop.clipboard).toBeUndefined();
    expect(await secrets.get(added.id)).toBe(secret);
  });

  it('refuses a secret shorter than the exchange issues, in words, storing nothing', async () => {
    desktop.clipboard = '0123456789abcdef';
    const error = await refused('accounts.addFromClipboard', {
      label: 'Half a secret',
      kind: 'main',
      apiKey: 'pub-half-0001',
    });
    expect(error).toMatchObject({ code: 'invalid_input', field: 'secret' });
    expect(error.message).toBe(
      'The secret is 16 characters long; the exchange issues secrets of 32 or more. Copy the whole secret and try again.',
    );
    expect(core.accounts.list().some((a) => a.label === 'Half a secret')).toBe(false);
  });

  it('sets a webhook key only once confirmed for the account named; declined, the clipboard is left alone', async () => {
    const main = core.accounts.list().find((a) => a.label === 'Sandbox main') as AccountView;
    const secret = 'w3bh00k-secret-0001'.padEnd(32, '5');
    desktop.clipboard = secret;
    desktop.confirmAnswer = false;
    expect(
      await refused('webhooks.configure', { accountId: main.id, apiKey: 'hook-key-0001' }),
    ).toMatchObject({
      code: 'not_confirmed',
    });
    expect(desktop.clipboard).toBe(secret);
    expect(await secrets.get(webhookSecretId(main.id))).toBeUndefined();
    expect(desktop.confirmations.at(-1)).toMatchObject({
      title: 'Set up the webhook key of "Sandbox main"?',
      action: 'Set webhook key',
    });
    expect(facts()).toMatchObject({ Account: 'Sandbox main', 'Webhook key': 'hook-key-0001' });

    desktop.confirmAnswer = true;
    await ok('webhooks.configure', { accountId: main.id, apiKey: 'hook-key-0001' });
    expect(desktop.clipboard).toBeUndefined();
    expect(await secrets.get(webhookSecretId(main.id))).toBe(secret);
    // Another key for the same account: the question says which one it replaces.
    desktop.clipboard = secret;
    await ok('webhooks.configure', { accountId: main.id, apiKey: 'hook-key-0002' });
    expect(desktop.confirmations.at(-1)?.warning).toMatch(/replaces the webhook key hook-key-0001/);
  });
});
