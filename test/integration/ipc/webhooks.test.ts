import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawPay } from '../../../main/exchange/endpoints/main-account.ts';
import type { AccountView, Reply, WebhookEventView } from '../../../main/ipc/contract.ts';
import type { Platform } from '../../../main/platform.ts';
import { createHmac } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { MemorySecretStore, webhookSecretId } from '../../../main/vault/secret-store.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const desktop = { clipboard: '' };
const platform: Platform = {
  takeSecretFromClipboard: async () => {
    const text = desktop.clipboard;
    desktop.clipboard = '';
    return text || undefined;
  },
  writeToClipboard: async () => false,
  chooseFileToOpen: async () => undefined,
  chooseFileToSave: async () => undefined,
  // The person confirms every native question in these tests.
  confirm: async () => true,
  notify: () => undefined,
};

let core: TestCore;
const { ok } = procedureCalls(() => core);
beforeAll(async () => {
  core = await createTestCore({ platform });
});
afterAll(() => core.close());

describe('webhooks through the bridge', () => {
  it('receives the sandbox deliveries for a configured account and pushes each to the renderer once', async () => {
    const main = (await ok<AccountView[]>('accounts.list')).find(
      (a) => a.label === 'Sandbox main',
    ) as AccountView;
    const url = await ok<string>('webhooks.receiver', { enabled: true });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const sandbox = core.connection.sandbox;
    if (!sandbox) throw new Error('no embedded sandbox');
    const hook = sandbox.control.webhooks.create('main', `${url}/hook`);
    desktop.clipboard = hook.apiSecret;
    await ok('webhooks.configure', { accountId: main.id, apiKey: hook.apiKey });
    expect(desktop.clipboard).toBe('');
    await sandbox.control.webhooks.enable('main');

    const pushed: string[] = [];
    core.events.subscribe((name, payload) => {
      if (name === 'webhook.event') pushed.push((payload as { method: string }).method);
    });
    const reply = await core.router.dispatch(
      'webhooks.configure',
      { accountId: main.id, apiKey: hook.apiKey },
      { origin: 'test' },
    );
    expect(reply).toMatchObject({ ok: false, error: { code: 'clipboard_empty' } });
    await withdrawPay(await core.accounts.caller(main.id), {
      ticker: 'USDT',
      amount: '11',
      address: '0x000000000000000000000000000000000000feed',
      uniqueId: 'bridge-hook-1',
    });
    await sandbox.control.webhooks.flush();
    const events = await ok<WebhookEventView[]>('webhooks.events', { accountId: main.id });
    expect(events.map((e) => e.method).sort()).toEqual(['withdraw.created', 'withdraw.pending']);
    expect(pushed.sort()).toEqual(['withdraw.created', 'withdraw.pending']);
    // The reconciler fills in, once, the events of history records no delivery brought (the
    // account's earlier transfers), and never the two that arrived.
    const filled = await ok<number>('webhooks.reconcile', { accountId: main.id });
    const after = await ok<WebhookEventView[]>('webhooks.events', { accountId: main.id });
    expect(after.length).toBe(2 + filled);
    const keys = after.map(
      (e) => `${String((e.params as { transactionId?: unknown }).transactionId)} ${e.method}`,
    );
    expect(new Set(keys).size).toBe(after.length);
    expect(await ok<number>('webhooks.reconcile', { accountId: main.id })).toBe(0);
    expect(await ok<string | null>('webhooks.receiverStatus')).toBe(url);
    expect((await ok<AccountView[]>('accounts.list')).find((a) => a.id === main.id)?.webhook).toBe(true);
    expect(await ok<string | null>('webhooks.receiver', { enabled: false })).toBeNull();
    expect(await ok<string | null>('webhooks.receiverStatus')).toBeNull();
  });
});

/** The in-memory store, counting each read of a webhook secret (what a keychain read would cost). */
class CountingStore extends MemorySecretStore {
  webhookReads = 0;
  override get(keyId: string): Promise<string | undefined> {
    if (keyId.startsWith('webhook:')) this.webhookReads++;
    return super.get(keyId);
  }
}

function signedPost(url: string, apiKey: string, secret: string, id: string, nonce: number) {
  const body = JSON.stringify({ method: 'deposit.accepted', id, params: { nonce } });
  const payload = Buffer.from(body).toString('base64');
  return fetch(`${url}/hook`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-txc-apikey': apiKey,
      'x-txc-payload': payload,
      'x-txc-signature': createHmac('sha512', secret).update(payload).digest('hex'),
    },
  });
}

describe('the webhook receiver, against an untrusted renderer and a noisy network', () => {
  it('reads a webhook secret from the keychain once, forgets it when removed, and removes it with the account', async () => {
    const secrets = new CountingStore();
    const scripted = scriptedDesktop();
    const first = await createTestCore({ secrets, platform: scripted.platform });
    const call = async <T>(core: TestCore, name: string, input?: unknown) =>
      (await core.router.dispatch(name, input, { origin: 'test' })) as Reply<T>;
    const accounts = first.accounts.list();
    const [alice, bob] = accounts;
    if (!alice || !bob) throw new Error('no demo accounts');
    const hook = { apiKey: 'c'.repeat(32), secret: '3'.repeat(32) };
    scripted.clipboard = hook.secret;
    expect((await call(first, 'webhooks.configure', { accountId: alice.id, apiKey: hook.apiKey })).ok).toBe(
      true,
    );
    await first.close();

    // The next start reads the secret on the first delivery only.
    const second = await createTestCore({
      secrets,
      platform: scripted.platform,
      environment: first.environment,
    });
    try {
      const started = await call<string>(second, 'webhooks.receiver', { enabled: true });
      if (!started.ok) throw new Error(started.error.message);
      const url = started.value;
      for (const nonce of [1, 2, 3])
        expect((await signedPost(url, hook.apiKey, hook.secret, `e${String(nonce)}`, nonce)).status).toBe(
          200,
        );
      expect(secrets.webhookReads).toBe(1);

      expect((await call(second, 'webhooks.remove', { accountId: alice.id })).ok).toBe(true);
      expect(await secrets.get(webhookSecretId(alice.id))).toBeUndefined();
      expect((await signedPost(url, hook.apiKey, hook.secret, 'e4', 4)).status).toBe(401);

      // An account removed takes its webhook secret out of the keychain too.
      scripted.clipboard = hook.secret;
      expect((await call(second, 'webhooks.configure', { accountId: bob.id, apiKey: hook.apiKey })).ok).toBe(
        true,
      );
      expect(await secrets.get(webhookSecretId(bob.id))).toBe(hook.secret);
      expect((await call(second, 'accounts.remove', { id: bob.id })).ok).toBe(true);
      expect(await secrets.get(webhookSecretId(bob.id))).toBeUndefined();
      expect((await signedPost(url, hook.apiKey, hook.secret, 'e5', 5)).status).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('listens beyond this computer only when confirmed natively, and answers a taken port in words', async () => {
    const scripted = scriptedDesktop();
    const core = await createTestCore({ platform: scripted.platform });
    const call = async <T>(name: string, input?: unknown) =>
      (await core.router.dispatch(name, input, { origin: 'test' })) as Reply<T>;
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      scripted.confirmAnswer = false;
      const wide = await call('webhooks.receiver', { enabled: true, host: '0.0.0.0' });
      expect(wide.ok ? 'listening' : wide.error.code).toBe('not_confirmed');
      expect(scripted.confirmations[0]?.warning).toMatch(/TLS reverse proxy/);
      expect(await call<string | null>('webhooks.receiverStatus')).toEqual({ ok: true, value: null });
      // Loopback needs no question.
      const local = await call<string>('webhooks.receiver', { enabled: true });
      expect(local.ok && local.value).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(scripted.confirmations).toHaveLength(1);

      const { port } = taken.address() as AddressInfo;
      const busy = await call('webhooks.receiver', { enabled: true, port });
      expect(busy).toMatchObject({
        ok: false,
        error: {
          code: 'receiver_unavailable',
          field: 'port',
          message: expect.stringMatching(/already in use/),
        },
      });
    } finally {
      await new Promise((resolve) => taken.close(resolve));
      await core.close();
    }
  });
});
