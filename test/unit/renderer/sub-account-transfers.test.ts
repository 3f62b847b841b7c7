// The chosen sub-account's transfers on the Sub-accounts screen: the first page on choosing, the
// direction asked of the exchange, the currency among what was read, older pages appended once each,
// and a late answer for an account no longer chosen dropped.
import { describe, expect, it } from 'vitest';
import type { SubAccountTransfersView } from '../../../main/ipc/contract.ts';
import {
  SubAccountTransfers,
  TRANSFER_PAGE,
} from '../../../renderer/src/lib/managers/sub-account-transfers.svelte.ts';
import { fakeBridge } from './fake-bridge.ts';

type Row = SubAccountTransfersView['rows'][number];
const row = (id: string, ticker = 'USDT', direction: Row['direction'] = 'main_to_sub'): Row => ({
  id,
  direction,
  ticker,
  amount: '1',
  atMs: 1_700_000_000_000,
});
const page = (rows: Row[], more = false) => ({
  ok: true,
  value: { subAccountId: 's', direction: null, offset: 0, limit: TRANSFER_PAGE, more, rows },
});

describe('sub-account transfers', () => {
  it('reads the first page of the chosen account, then the direction at the exchange, from the top', async () => {
    const bridge = fakeBridge({ 'subaccounts.transfers': page([row('t2', 'BTC'), row('t1')], true) });
    const t = new SubAccountTransfers(bridge.api);
    await t.show('sub-1');
    expect(bridge.calls).toEqual([
      ['subaccounts.transfers', { subAccountId: 'sub-1', offset: 0, limit: TRANSFER_PAGE }],
    ]);
    expect([t.rows.map((r) => r.id), t.more, t.tickers]).toEqual([['t2', 't1'], true, ['BTC', 'USDT']]);
    t.ticker = 'BTC';
    expect(t.shown.map((r) => r.id)).toEqual(['t2']);
    await t.setDirection('sub_to_main');
    expect(bridge.calls.at(-1)).toEqual([
      'subaccounts.transfers',
      { subAccountId: 'sub-1', direction: 'sub_to_main', offset: 0, limit: TRANSFER_PAGE },
    ]);
    // the currency chosen stays while the same account is shown
    expect(t.ticker).toBe('BTC');
    await t.show('sub-2');
    expect(t.ticker).toBe('');
  });

  it('appends older pages after what is shown, each transfer once', async () => {
    const pages = [page([row('t3'), row('t2')], true), page([row('t2'), row('t1')], false)];
    const bridge = fakeBridge(() => pages.shift());
    const t = new SubAccountTransfers(bridge.api);
    await t.show('sub-1');
    await t.older();
    expect(bridge.calls.at(-1)?.[1]).toMatchObject({ offset: 2 });
    expect([t.rows.map((r) => r.id), t.more]).toEqual([['t3', 't2', 't1'], false]);
  });

  it('drops an answer for an account no longer chosen, and shows a refusal', async () => {
    let release: (v: unknown) => void = () => undefined;
    const slow = new Promise((resolve) => (release = resolve));
    const bridge = fakeBridge((_p, input) =>
      (input as { subAccountId: string }).subAccountId === 'sub-1'
        ? slow
        : { ok: false, error: { code: 'not_found', message: 'The exchange lists no such sub-account.' } },
    );
    const t = new SubAccountTransfers(bridge.api);
    const first = t.show('sub-1');
    await t.show('sub-2');
    release(page([row('late')]));
    await first;
    expect(t.rows).toEqual([]);
    expect([t.subAccountId, t.error?.code]).toEqual(['sub-2', 'not_found']);
  });
});
