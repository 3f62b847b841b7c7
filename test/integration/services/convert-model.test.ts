/**
 * A convert at a quote, as a person works it in any order through the real core and its embedded
 * sandbox: quotes asked, confirmed or declined, older and unknown quotes sent, time passing (the
 * clock of main and of the sandbox moved together), and the question answered slowly. After every
 * step: a confirm is signed only for a quote main handed out, not used, not expired when the person
 * answered; it names that quote's id; the question named that quote's amounts, rate and expiry; and
 * the main balance moved by exactly what the quote said, or not at all.
 */
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountView, ConvertQuoteView, ProcedureResult } from '../../../main/ipc/contract.ts';
import type { Confirmation } from '../../../main/platform.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const desktop = scriptedDesktop();
/** How long the person takes to answer the next question (the clocks move that much first). */
let answerAfterMs = 0;
let core: TestCore;
const { call, ok } = procedureCalls(() => core);
let main: AccountView;
/** The quote ids of the confirms signed, in order. */
const signed: string[] = [];

beforeAll(async () => {
  // main's and the sandbox's clock are one clock the test can move forward
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  core = await createTestCore({
    platform: {
      ...desktop.platform,
      confirm: (question) => {
        vi.setSystemTime(Date.now() + answerAfterMs);
        return desktop.platform.confirm(question);
      },
    },
  });
  core.connection.sandbox?.control.watchRequests((r) => {
    if (r.path.endsWith('/convert/confirm')) signed.push(String((r.body as { quoteId?: unknown }).quoteId));
  });
  main = (await ok<AccountView[]>('accounts.list')).find((a) => a.label === 'Sandbox main') as AccountView;
});
afterAll(async () => {
  await core?.close();
  vi.useRealTimers();
});

interface Model {
  /** Every quote main handed out, by id, as it was shown. */
  quotes: Map<string, ConvertQuoteView>;
  used: Set<string>;
}
interface Real {
  asked: number;
  sent: number;
}

async function balances(): Promise<{ usdt: Decimal; btc: Decimal }> {
  const all = await ok<ProcedureResult<'wallet.balances'>>('wallet.balances', { accountId: main.id });
  return {
    usdt: new Decimal(all['USDT']?.main_balance ?? '0'),
    btc: new Decimal(all['BTC']?.main_balance ?? '0'),
  };
}

class Quote implements fc.AsyncCommand<Model, Real> {
  readonly direction: 'from' | 'to';
  readonly amount: string;
  constructor(direction: 'from' | 'to', amount: string) {
    this.direction = direction;
    this.amount = amount;
  }
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const q = await ok<ConvertQuoteView>('wallet.convertQuote', {
      accountId: main.id,
      from: 'USDT',
      to: 'BTC',
      direction: this.direction,
      amount: this.amount,
    });
    // the quote is of what was asked: the fixed side is the amount typed
    expect({ from: q.from, to: q.to, direction: q.direction }).toEqual({
      from: 'USDT',
      to: 'BTC',
      direction: this.direction,
    });
    expect(new Decimal(this.direction === 'from' ? q.give : q.receive).eq(this.amount)).toBe(true);
    expect(q.expiresAtMs - Date.now()).toBeLessThanOrEqual(10_000);
    expect(m.quotes.has(q.quoteId)).toBe(false);
    m.quotes.set(q.quoteId, q);
    expect(desktop.confirmations.length).toBe(r.asked);
    expect(signed.length).toBe(r.sent);
  }
  toString = () => `quote ${this.direction} ${this.amount}`;
}

class Confirm implements fc.AsyncCommand<Model, Real> {
  readonly which: 'newest' | 'oldest' | 'unknown';
  readonly yes: boolean;
  readonly slowMs: number;
  constructor(which: 'newest' | 'oldest' | 'unknown', yes: boolean, slowMs: number) {
    this.which = which;
    this.yes = yes;
    this.slowMs = slowMs;
  }
  check = (m: Readonly<Model>) => this.which === 'unknown' || m.quotes.size > 0;
  async run(m: Model, r: Real): Promise<void> {
    const ids = [...m.quotes.keys()];
    const id = this.which === 'unknown' ? '987654321' : this.which === 'newest' ? ids.at(-1) : ids[0];
    if (id === undefined) return;
    const quote = m.quotes.get(id);
    const before = await balances();
    desktop.confirmAnswer = this.yes;
    answerAfterMs = this.slowMs;
    const startedAt = Date.now();
    const reply = await call<ProcedureResult<'wallet.convert'>>('wallet.convert', {
      accountId: main.id,
      quoteId: id,
    });
    answerAfterMs = 0;
    const asked = desktop.confirmations.slice(r.asked);
    const sent = signed.slice(r.sent);
    const after = await balances();
    const moved = { usdt: before.usdt.minus(after.usdt), btc: after.btc.minus(before.btc) };
    if (!quote || m.used.has(id)) {
      expect(reply).toMatchObject({ ok: false, error: { field: 'quoteId' } });
      expect(asked).toEqual([]);
    } else if (startedAt >= quote.expiresAtMs) {
      // expired before it was sent: refused without a question, never re-quoted
      expect(reply).toMatchObject({ ok: false, error: { code: 'quote_expired', field: 'quoteId' } });
      expect(asked).toEqual([]);
      m.used.add(id);
    } else {
      expect(asked).toHaveLength(1);
      const question = asked[0] as Confirmation;
      expect(question.title).toBe(`Convert ${quote.give} USDT to ${quote.receive} BTC?`);
      expect(question.facts).toContainEqual({ label: 'You give', value: `${quote.give} USDT` });
      expect(question.facts).toContainEqual({ label: 'You receive', value: `${quote.receive} BTC` });
      expect(question.facts).toContainEqual({ label: 'Rate', value: `1 USDT = ${quote.rate} BTC` });
      expect(question.closesAtMs).toBe(quote.expiresAtMs);
      const answeredAt = startedAt + this.slowMs;
      if (answeredAt >= quote.expiresAtMs) {
        // answered after it expired: not sent, and said so
        expect(reply).toMatchObject({ ok: false, error: { code: 'quote_expired' } });
        expect(sent).toEqual([]);
        m.used.add(id);
      } else if (!this.yes) {
        expect(reply).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
        expect(sent).toEqual([]);
      } else {
        // what is signed is the quote the question showed, and it moved exactly what it said
        expect(reply).toMatchObject({
          ok: true,
          value: { quoteId: id, give: quote.give, receive: quote.receive },
        });
        expect(sent).toEqual([id]);
        expect(moved.usdt.eq(quote.give) && moved.btc.eq(quote.receive)).toBe(true);
        m.used.add(id);
      }
    }
    if (!(quote && reply.ok)) expect(sent).toEqual([]);
    if (sent.length === 0) expect(moved.usdt.isZero() && moved.btc.isZero()).toBe(true);
    r.asked = desktop.confirmations.length;
    r.sent = signed.length;
  }
  toString = () =>
    `confirm ${this.which} ${this.yes ? 'yes' : 'no'}${this.slowMs ? ` after ${this.slowMs} ms` : ''}`;
}

class Wait implements fc.AsyncCommand<Model, Real> {
  readonly ms: number;
  constructor(ms: number) {
    this.ms = ms;
  }
  check = () => true;
  run(): Promise<void> {
    vi.setSystemTime(Date.now() + this.ms);
    return Promise.resolve();
  }
  toString = () => `wait ${this.ms} ms`;
}

const commands = [
  fc.constantFrom('5', '12.5', '40').map((a) => new Quote('from', a)),
  fc.constantFrom('0.0001', '0.00025').map((a) => new Quote('to', a)),
  fc
    .tuple(
      fc.constantFrom('newest', 'newest', 'oldest', 'unknown'),
      fc.boolean(),
      fc.constantFrom(0, 0, 3_000, 11_000),
    )
    .map(([which, yes, slow]) => new Confirm(which as Confirm['which'], yes, slow)),
  fc.constantFrom(2_000, 6_000, 11_000).map((ms) => new Wait(ms)),
];

const fresh = () => ({
  model: { quotes: new Map<string, ConvertQuoteView>(), used: new Set<string>() },
  real: { asked: desktop.confirmations.length, sent: signed.length },
});

describe('a convert at a quote, worked in any order', () => {
  it('tells a late confirm of an older quote that it expired, after a newer quote was asked', async () => {
    await fc.asyncModelRun(fresh, [
      new Quote('from', '5'),
      new Quote('to', '0.0001'),
      new Confirm('newest', false, 11_000),
      new Quote('to', '0.0001'),
      new Confirm('oldest', false, 0),
    ]);
  });

  it('signs only a live quote the person confirmed, by its id, and moves exactly what it said', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 8 }), async (cmds) => {
        await fc.asyncModelRun(fresh, cmds);
      }),
      { numRuns: 30 },
    );
  });
});
