import { describe, expect, it } from 'vitest';
import type { BatchRecordView, DeskChildResult } from '../../../main/ipc/contract.ts';
import { BatchLog, batchCounts, BATCH_PAGE } from '../../../renderer/src/lib/managers/batch-log.svelte.ts';
import { deskInput, emptyDeskFields, percentToShare } from '../../../renderer/src/lib/managers/desk-input.ts';
import { DeskOrder } from '../../../renderer/src/lib/managers/desk-order.svelte.ts';
import { fakeBridge, NO_ANSWER } from './fake-bridge.ts';

const A = '5d1c1f0e-8a4b-4c55-9a4f-3b1e2d9c7a10';
const B = '6e2d2f1f-9b5c-4d66-8b5f-4c2f3e0d8b21';
const C = '7f3e3a2a-ac6d-4e77-9c6a-5d3a4f1e9c32';

type Answer = (input: unknown) => unknown;

/** The bridge over a stand-in for main that answers each procedure with the given function. */

/**
 * Like main: a fresh parent id per preview unless a re-send passes one, children numbered by their
 * place in the list, and the preview kept under its id, which the send passes.
 */
function deskMain(outcome: (account: string, clientOrderId: string, round: number) => DeskChildResult) {
  let previews = 0;
  let sends = 0;
  const kept = new Map<string, { parentId: string; accountIds: string[] }>();
  const children = (parentId: string, ids: string[]) =>
    ids.map((account, i) => ({
      account,
      label: `acct-${i + 1}`,
      clientOrderId: `${parentId}-${String(i + 1).padStart(3, '0')}`,
      amount: '0.001',
      issues: [],
      questions: [],
    }));
  return {
    'markets.list': () => ({ ok: true, value: [{ name: 'BTC_USDT' }, { name: 'ETH_USDT' }] }),
    'board.previewOrder': (input: unknown) => {
      const { accountIds, parentId: given } = input as { accountIds: string[]; parentId?: string };
      const parentId = given ?? `txb-p${++previews}`;
      const previewId = `preview-${String(kept.size + 1)}`;
      kept.set(previewId, { parentId, accountIds });
      return {
        ok: true,
        value: { previewId, parentId, expiresAtMs: 0, children: children(parentId, accountIds) },
      };
    },
    'board.placeOrder': (input: unknown) => {
      const preview = kept.get((input as { previewId: string }).previewId);
      if (!preview) return { ok: false, error: { code: 'preview_stale', message: 'Preview again.' } };
      const { accountIds, parentId } = preview;
      sends++;
      const results = children(parentId, accountIds).map((c) => outcome(c.account, c.clientOrderId, sends));
      results.sort((a, b) => Number(a.ok) - Number(b.ok));
      return { ok: true, value: { parentId, results } };
    },
  } satisfies Record<string, Answer>;
}

const placed = (account: string, clientOrderId: string, orderId: number): DeskChildResult => ({
  account,
  label: account,
  clientOrderId,
  ok: true,
  result: { clientOrderId, order: { orderId } as never, recovered: false },
});
const refused = (
  account: string,
  clientOrderId: string,
  field: string,
  message: string,
): DeskChildResult => ({
  account,
  label: account,
  clientOrderId,
  ok: false,
  error: { code: 'exchange_rejected', message, field },
});

/** Answers computed from each call's input. */
function deskBridge(answers: Record<string, Answer>) {
  return fakeBridge((procedure, input) => answers[procedure]?.(input) ?? NO_ANSWER);
}

describe('desk order helpers', () => {
  it('turns a percentage into the exact 0..1 decimal main takes, refusing anything outside 0..100', () => {
    expect(['25', '12.5', '0.01', '100', '100.00', '0', '007', '33.333', ' 50 '].map(percentToShare)).toEqual(
      ['0.25', '0.125', '0.0001', '1', '1', '0', '0.07', '0.33333', '0.5'],
    );
    for (const bad of ['100.01', '101', '-5', '1e2', '', 'abc', '.5'])
      expect(percentToShare(bad)).toBeUndefined();
    // Every answer matches main's own pattern for a share.
    for (const ok of ['25', '12.5', '100', '0']) expect(percentToShare(ok)).toMatch(/^(0(\.\d+)?|1(\.0+)?)$/);
  });

  it('builds the draft and sizing main takes, naming the field to fix like main does', () => {
    const fields = {
      ...emptyDeskFields('BTC_USDT'),
      price: ' 20000 ',
      postOnly: true,
      sizing: 'share' as const,
    };
    expect(deskInput({ ...fields, sharePercent: '12.5' }, [A, B])).toEqual({
      ok: true,
      input: {
        accountIds: [A, B],
        draft: {
          kind: 'limit',
          market: 'BTC_USDT',
          side: 'buy',
          amount: '0',
          price: '20000',
          postOnly: true,
        },
        sizing: { kind: 'share', share: '0.125' },
      },
    });
    const bad = deskInput({ ...fields, sharePercent: '120' }, [A]);
    expect(!bad.ok && bad.error.field).toBe('sizing.share');
    const weights = deskInput({ ...fields, sizing: 'weight', total: '1', weights: { [B]: 'lots' } }, [A, B]);
    expect(!weights.ok && weights.error.field).toBe(`sizing.weights.${B}`);
    const noPrice = deskInput({ ...fields, price: '' }, [A]);
    expect(!noPrice.ok && noPrice.error.field).toBe('draft.price');
    const market = deskInput({ ...fields, kind: 'market', price: '', sizing: 'fixed', amount: '5' }, [A]);
    expect(market.ok && market.input.draft).toEqual({
      kind: 'market',
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0',
    });
  });
});

describe('DeskOrder', () => {
  it('sends only after a preview of the same inputs: an edit or another account choice clears it', async () => {
    let accounts = [A, B];
    const { api, calls } = deskBridge(deskMain((a, id) => placed(a, id, 1)));
    const desk = new DeskOrder(api, () => accounts);
    await desk.loadMarkets();
    expect(desk.fields.market).toBe('BTC_USDT');
    desk.set({ price: '20000', amount: '0.001' });
    expect(await desk.send()).toBe(false);
    expect(await desk.runPreview()).toBe(true);
    expect(desk.preview?.children.map((c) => c.clientOrderId)).toEqual(['txb-p1-001', 'txb-p1-002']);
    expect(desk.total).toBe('0.002');

    desk.set({ price: '20001' });
    expect(desk.preview).toBeUndefined();
    expect(await desk.send()).toBe(false);
    expect(calls.filter((c) => c[0] === 'board.placeOrder')).toHaveLength(0);

    await desk.runPreview();
    expect(desk.preview).toBeDefined();
    accounts = [A, B, C];
    expect(desk.preview).toBeUndefined();
  });

  it('sends the preview by its id; when main refuses it as stale, the preview is dropped and the reason shown', async () => {
    const answers = deskMain((a, id) => placed(a, id, 1));
    const { api, calls } = deskBridge({
      ...answers,
      'board.placeOrder': () => ({
        ok: false,
        error: {
          code: 'preview_stale',
          message: 'This preview is older than 30 seconds: nothing was sent. Preview again.',
          field: 'previewId',
        },
      }),
    });
    const desk = new DeskOrder(api, () => [A]);
    await desk.loadMarkets();
    desk.set({ price: '20000', amount: '0.001' });
    await desk.runPreview();
    const previewId = desk.preview?.previewId;
    expect(previewId).toBe('preview-1');
    expect(await desk.send()).toBe(false);
    expect(calls.at(-1)).toEqual(['board.placeOrder', { previewId }]);
    expect(desk.preview).toBeUndefined();
    expect(desk.unclaimedError?.message).toContain('Preview again');
  });

  it('offers spot markets only and shows a price issue every child shares next to the price', async () => {
    const { api } = deskBridge({
      'markets.list': () => ({
        ok: true,
        value: [
          { name: 'BTC_PERP', type: 'futures' },
          { name: 'ETH_USDT', type: 'spot' },
        ],
      }),
      'board.previewOrder': (input) => {
        const { accountIds } = input as { accountIds: string[] };
        const issue = {
          field: 'price',
          message: 'price must be a multiple of 0.1',
          suggestions: ['1', '1.1'],
        };
        return {
          ok: true,
          value: {
            parentId: 'txb-x',
            children: accountIds.map((account, i) => ({
              account,
              label: account,
              clientOrderId: `txb-x-00${i + 1}`,
              amount: '1',
              issues: i === 0 ? [issue, { field: 'amount', message: 'too small' }] : [issue],
              questions: [],
            })),
          },
        };
      },
    });
    const desk = new DeskOrder(api, () => [A, B]);
    await desk.loadMarkets();
    expect(desk.spotMarkets.map((m) => m.name)).toEqual(['ETH_USDT']);
    expect(desk.fields.market).toBe('ETH_USDT');
    desk.set({ price: '1.05', amount: '1' });
    await desk.runPreview();
    expect(desk.sharedIssue('price')?.suggestions).toEqual(['1', '1.1']);
    expect(desk.sharedIssue('amount')).toBeUndefined();
    expect(desk.sendable).toEqual([]);
  });

  it('keeps field errors from main under the names the form asks for', async () => {
    const { api } = deskBridge({
      'board.previewOrder': () => ({
        ok: false,
        error: {
          code: 'rule_violation',
          message: 'market XYZ is not listed by the exchange',
          field: 'market',
        },
      }),
    });
    const desk = new DeskOrder(api, () => [A]);
    desk.set({ market: 'XYZ', price: '1', amount: '1' });
    expect(await desk.runPreview()).toBe(false);
    expect(desk.errorFor('draft.market')?.message).toContain('not listed');
    expect(desk.unclaimedError).toBeUndefined();
  });

  it('re-sends a partly failed batch under the same parent id, and reports the orders already placed as such', async () => {
    let batches = 0;
    const { api, calls } = deskBridge(
      deskMain((account, id, round) => {
        if (account === C && round === 1) return refused(account, id, 'amount', 'Not enough balance.');
        // The second time, the exchange knows the earlier orders by their client order id.
        if (round === 2 && account !== C)
          return refused(account, id, 'clientOrderId', 'The client order id was not accepted.');
        return placed(account, id, 100 + round);
      }),
    );
    const desk = new DeskOrder(
      api,
      () => [A, B, C],
      () => batches++,
    );
    await desk.loadMarkets();
    desk.set({ price: '20000', amount: '0.001' });
    await desk.runPreview();
    expect(await desk.send()).toBe(true);
    expect(batches).toBe(1);
    expect(desk.outcomes?.children.map((c) => [c.account, c.state])).toEqual([
      [C, 'failed'],
      [A, 'placed'],
      [B, 'placed'],
    ]);
    expect(desk.resendParentId).toBe('txb-p1');
    expect(desk.preview).toBeUndefined();

    // A new preview (even after an edit) keeps the parent id and so every child's id; the last
    // batch's outcomes leave with the edit, never sitting under the new preview.
    desk.set({ amount: '0.0010' });
    expect(desk.outcomes).toBeUndefined();
    await desk.runPreview();
    expect(desk.preview?.parentId).toBe('txb-p1');
    expect(desk.preview?.resend).toBe(true);
    expect(desk.preview?.children.map((c) => c.clientOrderId)).toEqual([
      'txb-p1-001',
      'txb-p1-002',
      'txb-p1-003',
    ]);
    await desk.send();
    // The re-send's preview asked main for the same parent id; each send passed its preview's id.
    const asked = calls
      .filter((c) => c[0] === 'board.previewOrder')
      .map((c) => (c[1] as { parentId?: string }).parentId);
    expect(asked).toEqual([undefined, 'txb-p1']);
    const sent = calls.filter((c) => c[0] === 'board.placeOrder').map((c) => c[1]);
    expect(sent).toEqual([{ previewId: 'preview-1' }, { previewId: 'preview-2' }]);
    expect(desk.outcomes?.children.map((c) => [c.account, c.state, c.orderId])).toEqual([
      [A, 'already', '101'],
      [B, 'already', '101'],
      [C, 'placed', '102'],
    ]);
    expect(desk.resendParentId).toBeUndefined();
    expect(batches).toBe(2);

    // Finished: the next batch gets a parent id of its own.
    await desk.runPreview();
    expect(desk.preview?.parentId).toBe('txb-p2');
  });

  it('starts a new parent id when the accounts or the market change, or when asked', async () => {
    let accounts = [A, B];
    const { api } = deskBridge(
      deskMain((a, id) => (a === B ? refused(a, id, 'amount', 'no') : placed(a, id, 1))),
    );
    const desk = new DeskOrder(api, () => accounts);
    await desk.loadMarkets();
    desk.set({ price: '20000', amount: '0.001' });
    await desk.runPreview();
    await desk.send();
    expect(desk.resendParentId).toBe('txb-p1');
    accounts = [B, A];
    await desk.runPreview();
    expect(desk.preview?.parentId).toBe('txb-p2');
    expect(desk.resendParentId).toBeUndefined();

    accounts = [A, B];
    await desk.runPreview();
    await desk.send();
    expect(desk.resendParentId).toBe('txb-p3');
    desk.startNewBatch();
    await desk.runPreview();
    expect(desk.preview?.parentId).toBe('txb-p4');
  });
});

describe('BatchLog', () => {
  const batch = (n: number): BatchRecordView => ({
    parentId: `txb-${n}`,
    kind: 'order',
    atMs: 1_000_000 - n,
    children: [
      { account: A, outcome: 'ok', childRef: `txb-${n}-001`, detail: '5' },
      { account: B, outcome: 'failed', childRef: `txb-${n}-002`, errorCode: 'rule_violation' },
    ],
  });

  it('reads the newest page, then older ones before the oldest time shown, and expands a batch', async () => {
    const { api, calls } = deskBridge({
      'board.batches': (input) => {
        const before = (input as { beforeMs?: number }).beforeMs;
        const start = before === undefined ? 0 : 1_000_000 - before + 1;
        const count = before === undefined ? BATCH_PAGE : 3;
        return { ok: true, value: Array.from({ length: count }, (_, i) => batch(start + i)) };
      },
    });
    const log = new BatchLog(api);
    await log.refresh();
    expect(log.batches).toHaveLength(BATCH_PAGE);
    expect(log.hasOlder).toBe(true);
    await log.older();
    expect(calls[1]).toEqual([
      'board.batches',
      { beforeMs: 1_000_000 - (BATCH_PAGE - 1), limit: BATCH_PAGE },
    ]);
    expect(log.batches).toHaveLength(BATCH_PAGE + 3);
    expect(log.hasOlder).toBe(false);
    expect(batchCounts(batch(1))).toEqual({ ok: 1, failed: 1, attempts: 2 });
    // Sent again under the same parent id: a child counts once, ok when any attempt placed it.
    const again = batch(1);
    again.children.push(
      { account: A, outcome: 'failed', childRef: 'txb-1-001', errorCode: 'exchange_rejected' },
      { account: B, outcome: 'ok', childRef: 'txb-1-002', detail: '6' },
    );
    expect(batchCounts(again)).toEqual({ ok: 2, failed: 0, attempts: 4 });
    log.toggle('txb-2');
    expect(log.isExpanded('txb-2')).toBe(true);
    log.toggle('txb-2');
    expect(log.isExpanded('txb-2')).toBe(false);
  });
});
