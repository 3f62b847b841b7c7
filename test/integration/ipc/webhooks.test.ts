import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawPay } from '../../../main/exchange/endpoints/main-account.ts';
import type { AccountView, Reply, WebhookEventView } from '../../../main/ipc/contract.ts';
import type { Platform } from '../../../main/platform.ts';
import { createTestCore, type TestCore } from '../../support/core.ts';

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
async function ok<T>(name: string, input?: unknown): Promise<T> {
  const reply = (await core.router.dispatch(name, input, { origin: 'test' })) as Reply<T>;
  if (!reply.ok) throw new Error(`${name}: ${reply.error.code} ${reply.error.message}`);
  return reply.value;
}

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
    expect(await ok<number>('webhooks.reconcile', { accountId: main.id })).toBeGreaterThanOrEqual(0);
    expect(await ok<string | null>('webhooks.receiverStatus')).toBe(url);
    expect((await ok<AccountView[]>('accounts.list')).find((a) => a.id === main.id)?.webhook).toBe(true);
    expect(await ok<string | null>('webhooks.receiver', { enabled: false })).toBeNull();
    expect(await ok<string | null>('webhooks.receiverStatus')).toBeNull();
  });
});
