import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountView,
  ImportReport,
  OrderView,
  PlaceResultView,
  Reply,
  RuleIssueView,
} from '../../../main/ipc/contract.ts';
import type { Platform } from '../../../main/platform.ts';
import { createTestCore, procedureCalls, replyHelpers, type TestCore } from '../../support/core.ts';

/** A desktop whose clipboard and dialogs answer what the test puts in them. */
const desktop = { clipboard: '' as string, openFile: undefined as string | undefined };
const platform: Platform = {
  takeSecretFromClipboard: async () => {
    const text = desktop.clipboard;
    desktop.clipboard = '';
    return text || undefined;
  },
  writeToClipboard: async () => false,
  chooseFileToOpen: async () => desktop.openFile,
  chooseFileToSave: async () => undefined,
  // The person confirms every native question in these tests.
  confirm: async () => true,
  notify: () => undefined,
};

let core: TestCore;
const replies: unknown[] = [];
const router = procedureCalls(() => core);
/** Calls through the router, keeping every reply to look for secrets in. */
async function call<T>(name: string, input?: unknown): Promise<Reply<T>> {
  const reply = await router.call<T>(name, input);
  replies.push(reply);
  return reply;
}
const { ok } = replyHelpers(call);

beforeAll(async () => {
  core = await createTestCore({ platform });
});
afterAll(() => core.close());

describe('desk procedures through the router', () => {
  it('lists the embedded sandbox demo accounts on first start, with the key only hinted', async () => {
    const status = await ok<{ kind: string }>('connection.status');
    expect(status.kind).toBe('sandbox');
    const accounts = await ok<AccountView[]>('accounts.list');
    expect(accounts.map((a) => a.label)).toContain('Sandbox main');
    expect(accounts.length).toBe(core.connection.demoAccounts.length);
    for (const a of accounts) expect(a.apiKeyHint).toMatch(/^.{4}….{4}$/);
  });

  it('adds an account with the secret taken from the clipboard, and refuses when it is empty', async () => {
    const refused = await call('accounts.addFromClipboard', {
      label: 'Desk X',
      kind: 'main',
      apiKey: 'pub-desk-x-0001',
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'clipboard_empty', field: 'secret' } });
    desktop.clipboard = 'secret-desk-x-0001-abcdef0123456';
    const added = await ok<AccountView>('accounts.addFromClipboard', {
      label: 'Desk X',
      kind: 'main',
      apiKey: 'pub-desk-x-0001',
    });
    expect(added.label).toBe('Desk X');
    expect(desktop.clipboard).toBe('');
    const renamed = await ok<AccountView>('accounts.rename', { id: added.id, label: 'Desk X1' });
    expect(renamed.label).toBe('Desk X1');
    await ok('accounts.remove', { id: added.id });
    const gone = await call('accounts.rename', { id: added.id, label: 'again' });
    expect(gone).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('imports accounts from a CSV file chosen in the dialog', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'txc-import-'));
    desktop.openFile = join(dir, 'accounts.csv');
    writeFileSync(
      desktop.openFile,
      'label,key,secret,sub-account id\nImported,pub-import-1,sec-import-1-xyz0123456789abcdef,\nBad,,sec,\n',
    );
    const report = await ok<ImportReport>('accounts.importCsv');
    expect(report.file).toBe(desktop.openFile);
    expect(report.rows.map((r) => [r.label, r.ok])).toEqual([
      ['Bad', false],
      ['Imported', true],
    ]);
    desktop.openFile = undefined;
    expect(await ok<ImportReport>('accounts.importCsv')).toEqual({ file: null, rows: [] });
  });

  it('checks, places, lists and cancels an order for a demo account', async () => {
    const accounts = await ok<AccountView[]>('accounts.list');
    const main = accounts.find((a) => a.label === 'Sandbox main');
    const draft = { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '30000.05' };
    const issues = (await ok<{ issues: RuleIssueView[] }>('orders.check', { draft })).issues;
    expect(issues[0]).toMatchObject({ field: 'price', suggestions: ['30000', '30000.1'] });
    const refused = await call('orders.place', { accountId: main?.id, draft });
    expect(refused).toMatchObject({ ok: false, error: { code: 'rule_violation', field: 'price' } });

    // Far below the market price: sent only with the price band's question acknowledged.
    const placed = await ok<PlaceResultView>('orders.place', {
      accountId: main?.id,
      draft: { ...draft, price: '30000' },
    });
    expect(placed.order?.clientOrderId).toBe(placed.clientOrderId);
    const open = await ok<OrderView[]>('orders.active', { accountId: main?.id, market: 'BTC_USDT' });
    expect(open.map((o) => o.orderId)).toContain(placed.order?.orderId);
    const moved = await ok<OrderView>('orders.modify', {
      accountId: main?.id,
      market: 'BTC_USDT',
      orderId: placed.order?.orderId,
      price: '30100',
    });
    expect(moved).toMatchObject({ price: '30100', clientOrderId: placed.clientOrderId });
    const nothing = await call('orders.modify', {
      accountId: main?.id,
      market: 'BTC_USDT',
      orderId: moved.orderId,
    });
    expect(nothing).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'price' } });
    const canceled = await ok<OrderView>('orders.cancel', {
      accountId: main?.id,
      market: 'BTC_USDT',
      orderId: moved.orderId,
    });
    expect(canceled.orderId).toBe(moved.orderId);
    const balances = await ok<Record<string, { available: string }>>('balances.spot', {
      accountId: main?.id,
    });
    expect(balances['USDT']?.available).toMatch(/^\d/);
  });

  it('never put a secret in any reply', () => {
    const text = JSON.stringify(replies);
    for (const demo of core.connection.demoAccounts) expect(text).not.toContain(demo.apiSecret);
    expect(text).not.toContain('secret-desk-x-0001');
    expect(text).not.toContain('sec-import-1-xyz');
  });
});

describe('audit log', () => {
  it('records every signed request with its account and outcome, never a secret', async () => {
    const accounts = await ok<AccountView[]>('accounts.list');
    const main = accounts.find((a) => a.label === 'Sandbox main');
    await call('balances.spot', { accountId: main?.id });
    await expect
      .poll(async () => (await core.cache.audit.list({ account: main?.id })).length)
      .toBeGreaterThan(0);
    const entries = await core.cache.audit.list({ account: main?.id });
    expect(entries.some((e) => e.path === '/api/v4/trade-account/balance' && e.outcome === 'ok')).toBe(true);
    const text = JSON.stringify(entries);
    for (const demo of core.connection.demoAccounts) {
      expect(text).not.toContain(demo.apiSecret);
      expect(text).not.toContain(demo.apiKey);
    }
  });
});

describe('desk procedures', () => {
  it('fans balances out over every account, each also pushed as an event', async () => {
    const pushed: string[] = [];
    const stop = core.events.subscribe((name, payload) => {
      if (name === 'board.balance') pushed.push((payload as { account: string }).account);
    });
    const results = await ok<Array<{ account: string; ok: boolean }>>('board.balances');
    stop();
    const accounts = await ok<AccountView[]>('accounts.list');
    expect(results.map((r) => r.account).sort()).toEqual(accounts.map((a) => a.id).sort());
    expect(pushed.sort()).toEqual(accounts.map((a) => a.id).sort());
  });

  it('previews an order for several accounts and names a bad sizing field', async () => {
    const accounts = (await ok<AccountView[]>('accounts.list')).slice(0, 3).map((a) => a.id);
    const draft = { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0', price: '20000' };
    const preview = await ok<{
      parentId: string;
      children: Array<{ clientOrderId: string; amount?: string }>;
    }>('board.previewOrder', { accountIds: accounts, draft, sizing: { kind: 'fixed', amount: '0.001' } });
    expect(preview.children.map((c) => c.clientOrderId)).toEqual(
      [1, 2, 3].map((i) => `${preview.parentId}-00${i}`),
    );
    const bad = await call('board.previewOrder', {
      accountIds: accounts,
      draft,
      sizing: { kind: 'share', share: '2' },
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'sizing.share' } });
  });
});
