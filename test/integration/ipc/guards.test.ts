// The pre-trade guards through the procedures, against the embedded sandbox: a price far from the
// market is sent only once main's own question is answered yes (whichever way the order goes), an amount above the
// balance is refused with the largest valid amount, and a change to an open order is checked before
// anything is signed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountView,
  GuardQuestionView,
  GuardSettingsView,
  OrderView,
  PlaceResultView,
  RuleIssueView,
} from '../../../main/ipc/contract.ts';
import { createTestCore, procedureCalls, registerAccount, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const desktop = scriptedDesktop();
let core: TestCore;
const { call, ok } = procedureCalls(() => core);
let main = '';
let alpha = '';

/** The market price the guards measure from: the middle of the sandbox's best bid and ask. */
async function mid(): Promise<number> {
  const book = await ok<{ asks: string[][]; bids: string[][] }>('markets.depth', {
    market: 'BTC_USDT',
    limit: 1,
  });
  return (Number(book.asks[0]?.[0]) + Number(book.bids[0]?.[0])) / 2;
}

/** A price on the 0.1 tick. */
const tick = (n: number) => String(Math.round(n * 10) / 10);

/** The account's signed requests, newest first, as the Events screen reads them (queued ones too). */
const auditLog = (account: string, limit: number) =>
  ok<Array<{ id: number; path: string }>>('history.auditLog', { accountId: account, limit });

/** The paths of the account's requests signed since `after` (an audit id). */
async function signedSince(account: string, after: number): Promise<string[]> {
  return (await auditLog(account, 1000)).filter((e) => e.id > after).map((e) => e.path);
}

async function lastAuditId(account: string): Promise<number> {
  return (await auditLog(account, 1))[0]?.id ?? 0;
}

beforeAll(async () => {
  core = await createTestCore({ platform: desktop.platform });
  const accounts = await ok<AccountView[]>('accounts.list', undefined);
  main = accounts.find((a) => a.label === 'Sandbox main')?.id ?? '';
  alpha = accounts.find((a) => a.label === 'Sandbox sub-alpha')?.id ?? '';
  expect(main).not.toBe('');
}, 60_000);
afterAll(() => core.close());

describe('the price band, enforced by main', () => {
  it('sends a buy at 10x the market price only once main’s own question is answered yes, on any path', async () => {
    const far = tick((await mid()) * 10);
    const draft = { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.0001', price: far };
    const checked = await ok<{ issues: RuleIssueView[]; questions: GuardQuestionView[] }>('orders.check', {
      draft,
      accountId: main,
    });
    expect(checked.issues).toEqual([]);
    expect(checked.questions).toEqual([
      {
        guard: 'price_band',
        field: 'price',
        message: expect.stringMatching(
          /^Buy 0\.0001 BTC at [\d,.]+ — \d+% above the market price [\d,.]+ \(your band is 5%\)\.$/,
        ) as unknown,
      },
    ]);

    const since = await lastAuditId(main);
    const asked = desktop.confirmations.length;
    desktop.confirmAnswer = false;
    const preview = await ok<{ previewId: string }>('board.previewOrder', {
      accountIds: [main],
      draft,
      sizing: { kind: 'fixed', amount: '0.0001' },
    });
    const refusals = [
      await call('orders.place', { accountId: main, draft }),
      await call('orders.placeWs', { accountId: main, draft }),
      await call('board.placeOrder', { previewId: preview.previewId }),
    ];
    desktop.confirmAnswer = true;
    for (const reply of refusals)
      expect(reply).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
    // each path asked in main's own dialog, with the guard's words and the order's amount and value
    const questions = desktop.confirmations.slice(asked);
    expect(questions).toHaveLength(3);
    for (const q of questions.slice(0, 2)) {
      const facts = Object.fromEntries(q.facts.map((f) => [f.label, f.value]));
      expect(facts).toMatchObject({
        Account: 'Sandbox main',
        Market: 'BTC_USDT',
        Order: 'Buy, limit',
        Amount: '0.0001 BTC',
        Value: expect.stringMatching(/^[\d,.]+ USDT$/) as unknown,
        'Price band': checked.questions[0]?.message,
      });
      expect(q).toMatchObject({ action: 'Send anyway', cancel: "Don't send" });
    }
    expect(questions[2]?.facts).toContainEqual({
      label: 'Sandbox main',
      value: `Price band: ${checked.questions[0]?.message ?? ''}`,
    });
    // The exchange saw no order: only reads were signed.
    expect((await signedSince(main, since)).filter((p) => p.startsWith('/api/v4/order'))).toEqual([]);
    expect(await ok<OrderView[]>('orders.active', { accountId: main, market: 'BTC_USDT' })).toEqual([]);

    // Answered yes, it goes (and fills against the book at once: the risk the question is about).
    const placed = await ok<PlaceResultView>('orders.place', { accountId: main, draft });
    expect(placed.order?.price).toBe(far);
    expect(placed.order?.dealStock).toBe('0.0001');
  });

  it('an order within the band goes without a question', async () => {
    const near = tick((await mid()) * 0.97);
    const placed = await ok<PlaceResultView>('orders.place', {
      accountId: main,
      draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.0001', price: near },
    });
    await ok('orders.cancel', { accountId: main, market: 'BTC_USDT', orderId: placed.order?.orderId });
  });
});

describe('the available balance', () => {
  it('refuses an amount above it, before sending, with the largest valid amount that then goes', async () => {
    const price = tick((await mid()) * 0.97);
    const balances = await ok<Record<string, { available: string }>>('balances.spot', { accountId: alpha });
    const usdt = balances['USDT']?.available ?? '0';
    const draft = { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '5', price };
    const checked = await ok<{ issues: RuleIssueView[] }>('orders.check', { draft, accountId: alpha });
    expect(checked.issues).toHaveLength(1);
    const refused = await call('orders.place', { accountId: alpha, draft });
    expect(refused).toMatchObject({ ok: false, error: { code: 'rule_violation', field: 'amount' } });
    const largest = (refused as { error: { suggestions: string[] } }).error.suggestions[0] ?? '';
    expect(checked.issues[0]?.suggestions).toEqual([largest]);
    // On the 0.0001 step, and what it spends is within the balance.
    expect(largest).toMatch(/^\d+(\.\d{1,4})?$/);
    expect(Number(largest) * Number(price)).toBeLessThanOrEqual(Number(usdt));
    expect((Number(largest) + 0.0001) * Number(price)).toBeGreaterThan(Number(usdt));

    const placed = await ok<PlaceResultView>('orders.place', {
      accountId: alpha,
      draft: { ...draft, amount: largest },
    });
    expect(placed.order?.amount).toBe(largest);
    await ok('orders.cancel', { accountId: alpha, market: 'BTC_USDT', orderId: placed.order?.orderId });
  });

  it('the desk preview refuses a child its account cannot pay for, with that account’s largest amount', async () => {
    const price = tick((await mid()) * 0.97);
    const preview = await ok<{ children: Array<{ account: string; issues: RuleIssueView[] }> }>(
      'board.previewOrder',
      {
        accountIds: [alpha, main],
        draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0', price },
        sizing: { kind: 'fixed', amount: '0.5' },
      },
    );
    const issuesOf = (id: string) => preview.children.find((c) => c.account === id)?.issues ?? [];
    // sub-alpha holds about 20,000 USDT (0.5 BTC costs about 31,000); the main account holds 50,000.
    expect(issuesOf(alpha)).toEqual([
      {
        field: 'amount',
        message: expect.stringMatching(
          /^amount 0\.5 needs [\d,.]+ USDT \(amount × price\), but [\d,.]+ USDT is available; the largest amount you can send is \d+\.\d+$/,
        ) as unknown,
        suggestions: [expect.stringMatching(/^0\.\d{1,4}$/) as unknown],
      },
    ]);
    expect(issuesOf(main)).toEqual([]);
  });

  it('an account whose balance cannot be read gets a clear error, not a pass', async () => {
    const stranger = await registerAccount(core, 'Wrong secret', {
      apiKey: 'pub-wrong-0001',
      apiSecret: 'not-it-'.padEnd(32, 'x'),
    });
    const reply = await call('orders.place', {
      accountId: stranger.id,
      draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.0001', price: tick(await mid()) },
    });
    expect(reply).toMatchObject({ ok: false, error: { code: 'balance_unavailable', field: 'amount' } });
    expect((reply as { error: { message: string } }).error.message).toContain('could not be read');
  });
});

describe('orders.modify', () => {
  it('refuses "abc" as the new price before anything is signed, naming the field', async () => {
    const since = await lastAuditId(main);
    const reply = await call('orders.modify', {
      accountId: main,
      market: 'BTC_USDT',
      orderId: 123456,
      price: 'abc',
    });
    expect(reply).toEqual({
      ok: false,
      error: {
        code: 'rule_violation',
        field: 'price',
        message:
          'Price must be a plain decimal number such as 12.5 (digits and one point; no sign, exponent or spaces)',
      },
    });
    expect(await signedSince(main, since)).toEqual([]);
  });

  it('asks about a new price beyond the band and an amount beyond the balance, as a new order', async () => {
    const near = tick((await mid()) * 0.97);
    const placed = await ok<PlaceResultView>('orders.place', {
      accountId: alpha,
      draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.01', price: near },
    });
    const change = { accountId: alpha, market: 'BTC_USDT', orderId: placed.order?.orderId };
    // A tenth of the market price: far below, so it rests on the book.
    const far = tick((await mid()) / 10);
    desktop.confirmAnswer = false;
    const asked = await call('orders.modify', { ...change, price: far });
    desktop.confirmAnswer = true;
    expect(asked).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
    expect(desktop.confirmations.at(-1)).toMatchObject({
      title: expect.stringMatching(/^Change order \d+\? Buy 0\.01 BTC at /) as unknown,
      facts: expect.arrayContaining([
        { label: 'Price band', value: expect.stringMatching(/% below the market price/) as unknown },
      ]) as unknown,
    });
    const tooMuch = await call('orders.modify', { ...change, amount: '100' });
    expect(tooMuch).toMatchObject({ ok: false, error: { code: 'rule_violation', field: 'amount' } });
    expect((tooMuch as { error: { suggestions?: string[] } }).error.suggestions).toHaveLength(1);

    const moved = await ok<OrderView>('orders.modify', { ...change, price: far });
    expect(moved.price).toBe(far);
    await ok('orders.cancel', { accountId: alpha, market: 'BTC_USDT', orderId: moved.orderId });
  });
});

describe('the thresholds, kept by main', () => {
  it('tightens at once, asks natively before loosening, and keeps them in the profile', async () => {
    const file = join(core.environment.dataDir, 'profiles', 'default', 'order-guards.json');
    expect(await ok<GuardSettingsView>('guards.settings', undefined)).toEqual({
      bandPct: '5',
      markets: {},
      notionalCeiling: '',
      equityPct: '25',
      velocityCeiling: '',
      velocityPct: '50',
    });
    const asked = desktop.confirmations.length;
    const tighter = await ok<GuardSettingsView>('guards.configure', {
      bandPct: '2',
      notionalCeiling: '1000',
      markets: { BTC_USDT: '1' },
    });
    expect(tighter).toEqual({
      bandPct: '2',
      markets: { BTC_USDT: '1' },
      notionalCeiling: '1000',
      equityPct: '25',
      velocityCeiling: '',
      velocityPct: '50',
    });
    expect(desktop.confirmations.length).toBe(asked);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(tighter);

    desktop.confirmAnswer = false;
    const declined = await call('guards.configure', { bandPct: '' });
    expect(declined).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
    expect(desktop.confirmations.at(-1)?.facts).toEqual([{ label: 'Price band', value: '2 % → off' }]);
    expect((await ok<GuardSettingsView>('guards.settings', undefined)).bandPct).toBe('2');

    const bad = await call('guards.configure', { notionalCeiling: 'abc' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'notionalCeiling' } });
    const share = await call('guards.configure', { equityPct: '40' });
    expect(share).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
    expect(desktop.confirmations.at(-1)?.facts).toEqual([
      { label: "Share of the account's equity", value: '25 % → 40 %' },
    ]);
    // the velocity budget loosens only through the same question
    const minute = await call('guards.configure', { velocityPct: '', velocityCeiling: '' });
    expect(minute).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
    expect(desktop.confirmations.at(-1)?.facts).toEqual([
      { label: "Share of the account's equity per minute", value: '50 % → off' },
    ]);
    expect((await ok<GuardSettingsView>('guards.settings', undefined)).velocityPct).toBe('50');

    desktop.confirmAnswer = true;
    await ok('guards.configure', { bandPct: '5', notionalCeiling: '', markets: { BTC_USDT: null } });
    expect((await ok<GuardSettingsView>('guards.settings', undefined)).equityPct).toBe('25');
    expect(existsSync(file)).toBe(true);
    expect((await ok<GuardSettingsView>('guards.settings', undefined)).markets).toEqual({});
  });
});
