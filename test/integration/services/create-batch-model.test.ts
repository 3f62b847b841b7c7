/**
 * "Create N sub-accounts" as people use it, in any order: previews of one pattern or another, with
 * other counts and funding, previewed again, an older preview confirmed after a newer one, a preview
 * run twice, a question declined. Run through the procedures against the embedded sandbox, with main's
 * native question answered as the person answers it. Invariants, after every step:
 * - main asks about exactly the preview being run (its names, its funding each and in all), and only
 *   a confirmed question sends anything;
 * - at the exchange there are exactly the sub-accounts the confirmed previews made, each with one key
 *   and the funding of the preview that made it (a name made meanwhile by another batch is neither
 *   made twice nor funded again), and the main balance fell by exactly what those sent;
 * - a preview runs once at most.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as admin from '../../../main/exchange/endpoints/sub-account-admin.ts';
import * as apiKeys from '../../../main/exchange/endpoints/sub-account-api-keys.ts';
import * as mainAccount from '../../../main/exchange/endpoints/main-account.ts';
import * as subAccounts from '../../../main/exchange/endpoints/sub-accounts.ts';
import type { BatchPreviewView, BatchView } from '../../../main/ipc/contract.ts';
import type { KeyCaller } from '../../../main/exchange/endpoints/shapes.ts';
import { Dec } from '../../../main/rules/decimal.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const desktop = scriptedDesktop();
let core: TestCore;
let main: KeyCaller;
const { call } = procedureCalls(() => core);

beforeAll(async () => {
  core = await createTestCore({ platform: desktop.platform });
  main = await core.accounts.caller(core.accounts.mainAccount('').id);
});
afterAll(() => core.close());

interface Preview {
  id: string;
  names: string[];
  amount: string;
}

interface Model {
  /** The name prefix of this sequence: its sub-accounts are told from every other's. */
  prefix: string;
  previews: Preview[];
  /** Previews run (confirmed or declined): neither runs again. */
  spent: Set<string>;
  /** Each sub-account made, with the funding it got. */
  made: Map<string, string>;
  mainBefore: Dec;
}

async function mainUsdt(): Promise<Dec> {
  const held = (await mainAccount.balance(main, 'USDT'))['USDT'];
  return new Dec(held?.main_balance ?? '0');
}

/** The exchange agrees with the model: the sequence's sub-accounts, their keys and funding, the main balance. */
async function expectExchange(m: Model): Promise<void> {
  const listed = (await admin.listAll(main, { search: m.prefix })).filter((s) =>
    s.alias.startsWith(m.prefix),
  );
  expect(listed.map((s) => s.alias).sort()).toEqual([...m.made.keys()].sort());
  let sent = new Dec(0);
  for (const sub of listed) {
    const amount = m.made.get(sub.alias) ?? '';
    sent = sent.plus(amount);
    expect(await apiKeys.listKeys(main, { subAccountId: sub.id, limit: 100 }), sub.alias).toHaveLength(1);
    const held = await subAccounts.balances(main, { id: sub.id, ticker: 'USDT' });
    expect(held['USDT']?.[0]?.main, sub.alias).toBe(amount);
  }
  expect((await mainUsdt()).toFixed()).toBe(m.mainBefore.minus(sent).toFixed());
}

class PreviewCommand implements fc.AsyncCommand<Model, object> {
  readonly stem: string;
  readonly count: number;
  readonly amount: string;
  constructor(stem: string, count: number, amount: string) {
    this.stem = stem;
    this.count = count;
    this.amount = amount;
  }
  check(): boolean {
    return true;
  }
  async run(m: Model): Promise<void> {
    const names = Array.from({ length: this.count }, (_, i) => `${m.prefix}${this.stem}-${String(i + 1)}`);
    const reply = await call('subaccounts.previewBatch', {
      pattern: `${m.prefix}${this.stem}-{n}`,
      start: 1,
      count: this.count,
      shareKyc: true,
      permissions: { spotEnabled: true, collateralEnabled: false },
      key: { type: 1, ips: [] },
      funding: { ticker: 'USDT', amount: this.amount },
    });
    const taken = names.filter((n) => m.made.has(n));
    if (taken.length > 0) {
      // The desk registered them with their keys: the preview names them and keeps nothing.
      expect(reply.ok).toBe(false);
      if (!reply.ok) expect(reply.error.message).toContain(`"${taken[0] ?? ''}"`);
      return;
    }
    if (!reply.ok) throw new Error(reply.error.message);
    const preview = reply.value as BatchPreviewView;
    expect(preview.names).toEqual(names);
    expect(preview.funding?.total).toBe(new Dec(this.amount).times(this.count).toFixed());
    m.previews.push({ id: preview.previewId, names, amount: this.amount });
  }
  toString(): string {
    return `preview ${this.stem}-{n} x${String(this.count)} funded ${this.amount}`;
  }
}

class RunCommand implements fc.AsyncCommand<Model, object> {
  /** The newest or the oldest preview not run yet, or one run already (each the newest when there is none). */
  readonly pick: 'newest' | 'oldest' | 'spent';
  readonly confirm: boolean;
  constructor(pick: 'newest' | 'oldest' | 'spent', confirm: boolean) {
    this.pick = pick;
    this.confirm = confirm;
  }
  check(m: Readonly<Model>): boolean {
    return m.previews.length > 0;
  }
  async run(m: Model): Promise<void> {
    const open = m.previews.filter((p) => !m.spent.has(p.id));
    const spent = m.previews.filter((p) => m.spent.has(p.id));
    const preview = ((this.pick === 'oldest'
      ? open[0]
      : this.pick === 'spent'
        ? spent.at(-1)
        : open.at(-1)) ?? m.previews.at(-1)) as Preview;
    desktop.confirmAnswer = this.confirm;
    const asked = desktop.confirmations.length;
    const reply = await call('subaccounts.runBatch', { previewId: preview.id });
    const questions = desktop.confirmations.slice(asked);
    if (m.spent.has(preview.id)) {
      // Run already (or declined): nothing asked, nothing sent.
      expect(reply.ok).toBe(false);
      expect(questions).toEqual([]);
      return await expectExchange(m);
    }
    m.spent.add(preview.id);
    // Main asked about this preview and nothing else: its names, its funding each and in all.
    expect(questions).toHaveLength(1);
    const facts = Object.fromEntries((questions[0]?.facts ?? []).map((f) => [f.label, f.value]));
    const n = preview.names.length;
    expect(facts[n === 1 ? 'Name' : 'Names']).toBe(
      n === 1 ? preview.names[0] : `${preview.names[0] ?? ''} … ${preview.names.at(-1) ?? ''} (${String(n)})`,
    );
    expect(facts['Funding']).toBe(
      `${preview.amount} USDT each, ${new Dec(preview.amount).times(n).toFixed()} USDT in all, from the main balance`,
    );
    if (!this.confirm) {
      expect(reply.ok).toBe(false);
      return await expectExchange(m);
    }
    if (!reply.ok) throw new Error(reply.error.message);
    const batch = reply.value as BatchView;
    for (const account of batch.accounts) {
      if (m.made.has(account.alias)) {
        // Made by a batch confirmed after this preview: refused at the exchange, not taken over.
        expect(account.stage, account.alias).toBe('planned');
        expect(account.error?.message, account.alias).toContain('made since the preview');
      } else {
        expect(account.stage, account.alias).toBe('done');
        m.made.set(account.alias, preview.amount);
      }
    }
    await expectExchange(m);
  }
  toString(): string {
    return `run the ${this.pick} preview, ${this.confirm ? 'confirmed' : 'declined'}`;
  }
}

let sequence = 0;

describe('create N sub-accounts, as people preview, change their mind and confirm', () => {
  it('sends only what the confirmed question named, once, and the exchange ends as the model', async () => {
    const commands = [
      fc
        .tuple(fc.constantFrom('a', 'a', 'b'), fc.integer({ min: 1, max: 3 }), fc.constantFrom('1', '2.5'))
        .map(([stem, count, amount]) => new PreviewCommand(stem, count, amount)),
      fc
        .tuple(fc.constantFrom('newest' as const, 'oldest' as const, 'spent' as const), fc.boolean())
        .map(([pick, confirm]) => new RunCommand(pick, confirm)),
    ];
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 8 }), async (cmds) => {
        sequence += 1;
        const model: Model = {
          prefix: `m${String(sequence)}x`,
          previews: [],
          spent: new Set(),
          made: new Map(),
          mainBefore: await mainUsdt(),
        };
        await fc.asyncModelRun(() => ({ model, real: {} }), cmds);
      }),
      { numRuns: 100 },
    );
  }, 240_000);
});
