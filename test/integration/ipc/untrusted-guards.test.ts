/**
 * The renderer is not trusted with the guards either: an injected script calling `window.txc` cannot
 * answer a guard (no call takes an `acknowledge` list any more), main asks in its own dialog whatever
 * the call says, and declined there nothing is signed, on any path. The dialogs it raises cannot be
 * forged or rushed: every text they show is plain, an address becomes trusted only through one, and
 * a desk preview whose 30 s ran out while its question was open is not sent.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlaceResultView, Reply } from '../../../main/ipc/contract.ts';
import { inProcessTransport } from '../../../main/ipc/in-process-transport.ts';
import type { Confirmation } from '../../../main/platform.ts';
import type { ReceivedRequest } from '../../../main/sandbox/index.ts';
import type { BridgeTransport } from '../../../preload/bridge.ts';
import { createTestCore, replyHelpers, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const desktop = scriptedDesktop();
/** Runs while main's question is on screen, before the person's answer is handed back. */
let whileAsked: ((question: Confirmation) => void | Promise<void>) | undefined;
let core: TestCore;
let txc: BridgeTransport;
const received: ReceivedRequest[] = [];
const ERC20 = '0x52908400098527886E0F7030069857D2E4169EE7';

beforeAll(async () => {
  core = await createTestCore({
    platform: {
      ...desktop.platform,
      confirm: async (question) => {
        const answer = await desktop.platform.confirm(question);
        await whileAsked?.(question);
        return answer;
      },
    },
    connection: { kind: 'sandbox', persist: false, extraSubAccounts: 2 },
  });
  txc = inProcessTransport(core.router, core.events, 'renderer');
  core.connection.sandbox?.control.watchRequests((r) => {
    if (r.via === 'ws' || r.path.startsWith('/api/v4/order/')) received.push(r);
  });
}, 60_000);
afterAll(() => core.close());

/** What an injected script gets back from `window.txc.<procedure>(input)`. */
const call = (procedure: string, input?: unknown) => txc.invoke(procedure, input) as Promise<Reply<unknown>>;
const { ok } = replyHelpers(call);
const idOf = (label: string): string => {
  const account = core.accounts.registry.list().find((a) => a.label === label);
  if (!account) throw new Error(`no account ${label}`);
  return account.id;
};
let mainId = '';
const main = () => (mainId ||= idOf('Sandbox main'));

async function farPrice(factor: number): Promise<string> {
  const book = await ok<{ asks: string[][]; bids: string[][] }>('markets.depth', {
    market: 'BTC_USDT',
    limit: 1,
  });
  const mid = (Number(book.asks[0]?.[0]) + Number(book.bids[0]?.[0])) / 2;
  return (Math.round(mid * factor * 10) / 10).toFixed(1);
}

/** What happened while `act` ran with the person answering `answer`: the questions and the orders sent. */
async function answering<T>(answer: boolean, act: () => Promise<T>) {
  const asked = desktop.confirmations.length;
  const sent = received.length;
  desktop.confirmAnswer = answer;
  try {
    const result = await act();
    return { result, asked: desktop.confirmations.slice(asked), sent: received.slice(sent) };
  } finally {
    desktop.confirmAnswer = true;
  }
}

const factsOf = (q: Confirmation | undefined) =>
  Object.fromEntries((q?.facts ?? []).map((f) => [f.label, f.value]));

describe('a page cannot answer a guard', () => {
  it('every order call refuses an acknowledge list, and nothing is signed', async () => {
    const far = await farPrice(10);
    const draft = { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.0001', price: far };
    const acknowledge = ['price_band', 'notional'];
    const preview = await ok<{ previewId: string }>('board.previewOrder', {
      accountIds: [main()],
      draft,
      sizing: { kind: 'fixed', amount: '0.0001' },
    });
    const bulk = await ok<{ previewId: string }>('board.previewBulk', {
      action: 'close_positions',
      accountIds: [main()],
    });
    const { result, asked, sent } = await answering(true, () =>
      Promise.all([
        call('orders.place', { accountId: main(), draft, acknowledge }),
        call('orders.placeWs', { accountId: main(), draft, acknowledge }),
        call('orders.modify', { accountId: main(), market: 'BTC_USDT', orderId: 1, price: far, acknowledge }),
        call('orders.placeBulk', {
          accountId: main(),
          market: 'BTC_USDT',
          side: 'buy',
          orders: [{ price: far, amount: '0.0001' }],
          acknowledge,
        }),
        call('board.placeOrder', { previewId: preview.previewId, acknowledge }),
        call('board.runBulk', { previewId: bulk.previewId, acknowledge }),
      ]),
    );
    for (const reply of result) expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(asked).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('declined in main’s own dialog, nothing is signed on any path', async () => {
    const far = await farPrice(10);
    const draft = { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.0001', price: far };
    // an order inside every guard goes at once, with no question
    const near = await farPrice(0.97);
    const { result: resting, asked: none } = await answering(false, () =>
      ok<PlaceResultView>('orders.place', { accountId: main(), draft: { ...draft, price: near } }),
    );
    expect(none).toEqual([]);
    const preview = await ok<{ previewId: string }>('board.previewOrder', {
      accountIds: [main()],
      draft,
      sizing: { kind: 'fixed', amount: '0.0001' },
    });
    const { result, asked, sent } = await answering(false, async () => [
      await call('orders.place', { accountId: main(), draft }),
      await call('orders.placeWs', { accountId: main(), draft }),
      await call('orders.modify', {
        accountId: main(),
        market: 'BTC_USDT',
        orderId: resting.order?.orderId,
        price: far,
      }),
      await call('orders.placeBulk', {
        accountId: main(),
        market: 'BTC_USDT',
        side: 'buy',
        orders: [{ price: far, amount: '0.0001' }],
      }),
      await call('board.placeOrder', { previewId: preview.previewId }),
    ]);
    for (const reply of result) expect(reply).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
    expect(sent).toEqual([]);
    // each asked once, with the guard's words; Enter and Escape do what the default button says
    expect(asked).toHaveLength(5);
    for (const q of asked) {
      expect(q.cancel).toBe("Don't send");
      expect(q.facts.some((f) => f.value.includes('above the market price'))).toBe(true);
    }
    const open = await ok<Array<{ orderId: number; price: string }>>('orders.active', {
      accountId: main(),
      market: 'BTC_USDT',
    });
    expect(open.map((o) => [o.orderId, o.price])).toEqual([[resting.order?.orderId, near]]);
    await ok('orders.cancel', { accountId: main(), market: 'BTC_USDT', orderId: resting.order?.orderId });
  });

  it('an order of a batch that trips a guard nobody was asked about by the time it goes is not sent', async () => {
    const near = await farPrice(0.97);
    const draft = { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.0001', price: near };
    const preview = await ok<{ previewId: string }>('board.previewOrder', {
      accountIds: [main()],
      draft,
      sizing: { kind: 'fixed', amount: '0.0001' },
    });
    // while the batch's question is open, the band is tightened (no question needed to tighten)
    whileAsked = () => ok('guards.configure', { markets: { BTC_USDT: '1' } }).then(() => undefined);
    try {
      const { result, sent } = await answering(true, () =>
        ok<{ results: Array<{ ok: boolean; error?: { code: string; message: string } }> }>(
          'board.placeOrder',
          {
            previewId: preview.previewId,
          },
        ),
      );
      expect(sent).toEqual([]);
      expect(result.results).toEqual([
        {
          account: main(),
          label: 'Sandbox main',
          clientOrderId: expect.stringMatching(/-001$/) as unknown,
          ok: false,
          error: {
            code: 'needs_confirmation',
            field: 'price',
            message: expect.stringMatching(
              /^Not sent: since you confirmed, this order came to need a question/,
            ) as unknown,
          },
        },
      ]);
    } finally {
      whileAsked = undefined;
      await ok('guards.configure', { markets: { BTC_USDT: null } });
    }
  });
});

describe('dialogs a page cannot forge or rush', () => {
  it('a label with control, bidirectional characters or line breaks never names an account: refused unasked, naming where', async () => {
    const forged = 'Sandbox\u202Emain\nAccount   Cold wallet';
    const { result, asked } = await answering(true, () =>
      call('accounts.rename', { id: main(), label: forged }),
    );
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        field: 'label',
        message: 'The label has an invisible or blank-looking character after "Sandbox": remove it.',
      },
    });
    expect(asked).toEqual([]);
    // what a dialog shows from elsewhere (the exchange, a label kept from before) is made plain:
    // test/unit/shell/confirm.test.ts
    expect(
      (await ok<Array<{ id: string; label: string }>>('accounts.list')).find((a) => a.id === main())?.label,
    ).toBe('Sandbox main');
  });

  it('an address becomes trusted only through main’s question naming all of it and its network', async () => {
    // a bidirectional isolate in the label is refused before anything is asked
    const hidden = await answering(true, () =>
      call('wallet.addAddress', { label: 'Cold wallet\u2067 (desk)', network: 'ERC20', address: ERC20 }),
    );
    expect(hidden.result).toMatchObject({
      ok: false,
      error: { field: 'label', message: expect.stringMatching(/character after "Cold wallet": remove it/) },
    });
    expect(hidden.asked).toEqual([]);
    const label = 'Cold wallet (desk)';
    const { result, asked } = await answering(false, () =>
      call('wallet.addAddress', { label, network: 'ERC20', address: ERC20 }),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
    expect(asked[0]).toMatchObject({
      title: 'Add "Cold wallet (desk)" to your address book?',
      facts: [
        { label: 'Label', value: 'Cold wallet (desk)' },
        { label: 'Network', value: 'ERC20' },
        { label: 'Address', value: ERC20 },
      ],
      action: 'Add address',
    });
    expect(await ok<unknown[]>('wallet.addressBook')).toEqual([]);
    // so the withdrawal to it still warns that it is not in the book
    const { asked: withdraw } = await answering(false, () =>
      call('wallet.withdraw', {
        accountId: main(),
        ticker: 'USDT',
        amount: '20',
        address: ERC20,
        network: 'ERC20',
      }),
    );
    expect(withdraw[0]?.warning).toMatch(/NOT in your address book/);
  });

  it('shows a web address with its host in punycode', async () => {
    const { asked } = await answering(false, () =>
      call('connection.configure', {
        kind: 'live',
        restUrl: 'https://exаmple.com',
        wsUrl: 'wss://exаmple.com',
      }),
    );
    expect(factsOf(asked[0])).toMatchObject({
      'REST address': 'https://xn--exmple-4nf.com',
      'WebSocket address': expect.stringMatching(/^wss:\/\/xn--exmple-4nf\.com/) as unknown,
    });
  });

  it('a desk preview whose 30 s ran out while its question was open is not sent', async () => {
    const near = await farPrice(0.97);
    const preview = await ok<{ previewId: string }>('board.previewOrder', {
      accountIds: [main()],
      draft: { kind: 'limit', market: 'BTC_USDT', side: 'buy', amount: '0.0001', price: near },
      sizing: { kind: 'fixed', amount: '0.0001' },
    });
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    whileAsked = () => void vi.setSystemTime(Date.now() + 31_000);
    try {
      const { result, asked, sent } = await answering(true, () =>
        call('board.placeOrder', { previewId: preview.previewId }),
      );
      expect(asked).toHaveLength(1);
      expect(result).toMatchObject({
        ok: false,
        error: {
          code: 'preview_stale',
          message: expect.stringMatching(/ran out of time while its question was open/),
        },
      });
      expect(sent).toEqual([]);
    } finally {
      whileAsked = undefined;
      vi.useRealTimers();
    }
  });

  it('the desk question names every field of the order: position side, TP/SL, activation price', async () => {
    const subs = [idOf('Sandbox sub-001'), idOf('Sandbox sub-002')];
    const collateral = await ok<{ previewId: string }>('board.previewOrder', {
      // accounts with collateral
      accountIds: [main(), idOf('Sandbox sub-alpha')],
      draft: {
        kind: 'collateral_market',
        market: 'BTC_PERP',
        side: 'buy',
        amount: '0.001',
        positionSide: 'LONG',
        takeProfit: '90000',
        stopLoss: '50000',
      },
      sizing: { kind: 'fixed', amount: '0.001' },
    });
    const { asked } = await answering(false, () =>
      call('board.placeOrder', { previewId: collateral.previewId }),
    );
    expect(factsOf(asked[0])).toMatchObject({
      Market: 'BTC_PERP',
      Order: 'Buy, collateral market',
      // a market order has no price: its value is stated as the book gives it now
      Total: expect.stringMatching(/^0\.002 BTC \(about [\d,.]+ USDT from the book now\)$/) as unknown,
      'Position side': 'LONG',
      'Take-profit': '90,000 USDT',
      'Stop-loss': '50,000 USDT',
    });
    const stop = await ok<{ previewId: string }>('board.previewOrder', {
      accountIds: subs,
      draft: {
        kind: 'stop_limit',
        market: 'BTC_USDT',
        side: 'sell',
        amount: '0.001',
        price: '60000',
        activation_price: '60100',
      },
      sizing: { kind: 'fixed', amount: '0.001' },
    });
    const { asked: stopAsked } = await answering(false, () =>
      call('board.placeOrder', { previewId: stop.previewId }),
    );
    expect(factsOf(stopAsked[0])).toMatchObject({
      Order: 'Sell, stop-limit',
      Price: '60,000 USDT',
      'Activation price': '60,100 USDT',
    });
  });
});
