/**
 * When board rows raise an attention notice: a row raises one only on entering attention for a
 * reason it did not have at its last reading (never again while it stays, again after it left and
 * came back), accounts not read keep their state, and the rows of one refresh make one notice whose
 * counts add up to the accounts that entered.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AttentionReasonView, BoardRowView } from '../../../main/ipc/contract.ts';
import {
  ATTENTION_REASONS,
  attentionNotice,
  attentionReasons,
  attentionStep,
  DEFAULT_ATTENTION_RULES,
  type AttentionState,
} from '../../../main/features/desk/attention.ts';

const rules = DEFAULT_ATTENTION_RULES;
const NOW = 1_800_000_000_000;
const ACCOUNTS = ['a', 'b', 'c', 'd'];

/** A row of one account in one of the states that matter: near or far from liquidation, key, age. */
const row = (account: string) =>
  fc
    .record({
      distance: fc.option(fc.constantFrom('0.5', '4.99', '5', '5.01', '40'), { nil: undefined }),
      key: fc.constantFrom<BoardRowView['keyState']>('valid', 'revoked', 'missing_permission', 'unknown'),
      ageMinutes: fc.option(fc.constantFrom(0, 4, 5, 6, 600), { nil: undefined }),
    })
    .map(({ distance, key, ageMinutes }): BoardRowView => ({
      account,
      label: `Desk ${account}`,
      kind: 'sub',
      groups: [],
      keyState: key,
      ...(distance === undefined ? {} : { liquidationDistance: distance }),
      ...(ageMinutes === undefined ? {} : { asOfMs: NOW - ageMinutes * 60_000 }),
    }));

/** A refresh: some of the accounts, each read once. */
const refresh = fc.subarray(ACCOUNTS, { minLength: 1 }).chain((ids) => fc.tuple(...ids.map((id) => row(id))));

describe('board attention', () => {
  it('names liquidation within the set %, a revoked key and data older than the set minutes', () => {
    const base: BoardRowView = { account: 'a', label: 'A', kind: 'sub', groups: [], keyState: 'valid' };
    expect(attentionReasons({ ...base, liquidationDistance: '5.00', asOfMs: NOW }, rules, NOW)).toEqual([
      'liquidation',
    ]);
    expect(attentionReasons({ ...base, liquidationDistance: '5.01', asOfMs: NOW }, rules, NOW)).toEqual([]);
    expect(attentionReasons({ ...base, keyState: 'revoked', asOfMs: NOW - 300_001 }, rules, NOW)).toEqual([
      'revoked',
      'stale',
    ]);
    // never read says nothing yet; exactly the set minutes old is not stale yet
    expect(attentionReasons(base, rules, NOW)).toEqual([]);
    expect(attentionReasons({ ...base, asOfMs: NOW - 300_000 }, rules, NOW)).toEqual([]);
  });

  it('raises for a row only on entering a reason, once while it stays, again after it left', () => {
    fc.assert(
      fc.property(fc.array(refresh, { maxLength: 12 }), (refreshes) => {
        let state: AttentionState = new Map();
        /** Per account and reason: in attention at the last reading of that account. */
        const inside = new Map<string, Set<AttentionReasonView>>();
        for (const rows of refreshes) {
          const step = attentionStep(state, rows, rules, NOW);
          for (const r of rows) {
            const now = new Set(attentionReasons(r, rules, NOW));
            const before = inside.get(r.account) ?? new Set();
            const expected = ATTENTION_REASONS.filter((x) => now.has(x) && !before.has(x));
            const got = step.entered.find((e) => e.account === r.account);
            expect(got?.reasons ?? []).toEqual(expected);
            inside.set(r.account, now);
          }
          // only the accounts read can enter, once each
          const readIds = new Set(rows.map((r) => r.account));
          expect(step.entered.every((e) => readIds.has(e.account))).toBe(true);
          expect(new Set(step.entered.map((e) => e.account)).size).toBe(step.entered.length);
          // reading the very same rows again raises nothing
          expect(attentionStep(step.state, rows, rules, NOW).entered).toEqual([]);
          state = step.state;
        }
      }),
    );
  });

  it('makes one notice per refresh whose counts add up to the accounts that entered', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.subarray([...ATTENTION_REASONS], { minLength: 1 }).map((reasons) => reasons),
          { maxLength: 1200 },
        ),
        (entries) => {
          const entered = entries.map((reasons, i) => ({
            account: `acc-${String(i)}`,
            label: `Sub ${String(i)}`,
            reasons,
            liquidationDistance: '1.5',
          }));
          const notice = attentionNotice(entered, rules, NOW);
          if (entered.length === 0) {
            expect(notice).toBeUndefined();
            return;
          }
          expect(notice).toBeDefined();
          const counts = notice?.counts ?? { liquidation: 0, revoked: 0, stale: 0 };
          expect(counts.liquidation + counts.revoked + counts.stale).toBe(entered.length);
          expect(counts.liquidation).toBe(entries.filter((r) => r.includes('liquidation')).length);
          expect(notice?.accounts).toHaveLength(entered.length);
          if (entered.length > 1)
            expect(notice?.title).toBe(`${entered.length.toLocaleString('en-US')} accounts need attention`);
        },
      ),
    );
  });

  it('says 300 accounts in one notice: 280 stale, 20 liquidation within 5 %', () => {
    const rows: BoardRowView[] = Array.from({ length: 1000 }, (_, i) => ({
      account: `acc-${String(i)}`,
      label: `Sub ${String(i).padStart(3, '0')}`,
      kind: 'sub',
      groups: [],
      keyState: 'valid',
      asOfMs: i < 280 ? NOW - 3_600_000 : NOW,
      ...(i >= 280 && i < 300 ? { liquidationDistance: '2.50' } : { liquidationDistance: '30.00' }),
    }));
    const step = attentionStep(new Map(), rows, rules, NOW);
    const notice = attentionNotice(step.entered, rules, NOW);
    expect(notice?.title).toBe('300 accounts need attention');
    expect(notice?.message).toBe(
      '20 liquidation within 5 %, 280 stale: Sub 000, Sub 001, Sub 002 and 297 more',
    );
    expect(attentionStep(step.state, rows, rules, NOW).entered).toEqual([]);
  });

  it('words one account alone with its reasons', () => {
    const notice = attentionNotice(
      [{ account: 'x', label: 'Sub 7', reasons: ['liquidation', 'revoked'], liquidationDistance: '3.20' }],
      rules,
      NOW,
    );
    expect(notice).toMatchObject({
      title: 'Sub 7 needs attention',
      message: 'Sub 7: liquidation 3.20 % away (within 5 %), key revoked',
      account: 'x',
    });
  });
});
