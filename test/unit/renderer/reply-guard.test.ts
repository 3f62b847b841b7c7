import { describe, expect, it, vi } from 'vitest';
import { Known } from '../../../renderer/src/lib/managers/known.svelte.ts';
import { OrderTicket, type TicketTimers } from '../../../renderer/src/lib/managers/order-ticket.svelte.ts';
import { ReplyGuard } from '../../../renderer/src/lib/managers/reply-guard.ts';
import { SubAccountTransfers } from '../../../renderer/src/lib/managers/sub-account-transfers.svelte.ts';
import { fakeBridge } from './fake-bridge.ts';

/** A reply held back until the test lets it go (the exchange answering late). */
function held<T>(): { promise: Promise<T>; answer: (value: T) => void } {
  let answer: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => (answer = resolve));
  return { promise, answer };
}

describe('ReplyGuard', () => {
  it('a newer request makes every older one stale; work that goes on with the newest stays current', () => {
    const guard = new ReplyGuard();
    const first = guard.next();
    expect(first.stale).toBe(false);
    const second = guard.next();
    expect(first.stale).toBe(true);
    expect(second.stale).toBe(false);
    const morePages = guard.newest();
    expect(morePages.stale).toBe(false);
    guard.dropAll();
    expect(second.stale).toBe(true);
    expect(morePages.stale).toBe(true);
    expect(guard.newest().stale).toBe(false);
  });
});

describe('who awaits a read sees its outcome', () => {
  it('a request overtaken by a newer one resolves only once the newest is in, and each resolves once', async () => {
    const guard = new ReplyGuard();
    const shown: string[] = [];
    const done: string[] = [];
    const answers = { a: held<undefined>(), b: held<undefined>(), c: held<undefined>() };
    const settled: string[] = [];
    const read = (name: keyof typeof answers) =>
      guard
        .run(async (asked) => {
          await answers[name].promise;
          if (!asked.stale) shown.push(name);
          done.push(name);
        })
        .then(() => settled.push(`${name} saw ${shown.join()}`));
    const a = read('a');
    const b = read('b');
    answers.a.answer(undefined);
    const c = read('c');
    answers.b.answer(undefined);
    // the first two reads are over (their answers dropped); who awaits them waits still
    await vi.waitFor(() => expect(done).toEqual(['a', 'b']));
    expect(settled).toEqual([]);
    answers.c.answer(undefined);
    await Promise.all([a, b, c]);
    expect(shown).toEqual(['c']);
    expect(settled.sort()).toEqual(['a saw c', 'b saw c', 'c saw c']);
  });

  it("the newer request's failure is its own caller's: the overtaken one still resolves", async () => {
    const guard = new ReplyGuard();
    const slow = held<undefined>();
    const older = guard.run(() => slow.promise);
    const newer = guard.run(async () => {
      throw new Error('refused');
    });
    slow.answer(undefined);
    await expect(older).resolves.toBeUndefined();
    await expect(newer).rejects.toThrow('refused');
  });

  it('a value loaded while a push-started load overtakes it: the first caller sees the newest answer', async () => {
    const known = new Known<string>();
    const slow = held<{ ok: true; value: string }>();
    const second = held<{ ok: true; value: string }>();
    let firstAnswered = false;
    let seen: string | undefined = 'nothing yet';
    const mine = known
      .load(
        'BTC_PERP',
        async () => undefined,
        () => slow.promise.finally(() => (firstAnswered = true)),
      )
      .then(() => (seen = known.value));
    const pushed = known.load(
      'BTC_PERP',
      async () => undefined,
      () => second.promise,
    );
    slow.answer({ ok: true, value: 'before' });
    await vi.waitFor(() => expect(firstAnswered).toBe(true));
    expect(seen).toBe('nothing yet');
    second.answer({ ok: true, value: 'after' });
    await Promise.all([mine, pushed]);
    expect(seen).toBe('after');
  });
});

describe('a late reply to an older request is dropped', () => {
  it("a sub-account's transfers: the older sub-account's page, arriving after the newer one's, is not shown", async () => {
    const page = (subAccountId: string, id: string) => ({
      ok: true,
      value: {
        subAccountId,
        direction: null,
        offset: 0,
        limit: 50,
        more: false,
        rows: [{ id, direction: 'main_to_sub', ticker: 'USDT', amount: '1', atMs: 1 }],
      },
    });
    const slow = held<unknown>();
    const { api } = fakeBridge((_, input) =>
      (input as { subAccountId: string }).subAccountId === 'old' ? slow.promise : page('new', 'n1'),
    );
    const transfers = new SubAccountTransfers(api);
    const older = transfers.show('old');
    await transfers.show('new');
    expect(transfers.rows.map((r) => r.id)).toEqual(['n1']);
    slow.answer(page('old', 'o1'));
    await older;
    expect(transfers.rows.map((r) => r.id)).toEqual(['n1']);
    expect(transfers.subAccountId).toBe('new');
  });

  it("a value known of two subjects: the first subject's late answer does not overwrite the second's", async () => {
    const known = new Known<string>();
    const slow = held<{ ok: true; value: string }>();
    const older = known.load(
      'BTC_USDT',
      async () => undefined,
      () => slow.promise,
    );
    await known.load(
      'ETH_USDT',
      async () => undefined,
      async () => ({ ok: true, value: 'eth' }),
    );
    slow.answer({ ok: true, value: 'btc' });
    await older;
    expect(known.value).toBe('eth');
    expect(known.refreshing).toBe(false);
  });

  it("the order ticket: the check of an older draft, answered last, leaves the newer draft's issues", async () => {
    const answers: Array<(value: unknown) => void> = [];
    const { api } = fakeBridge((procedure) =>
      procedure === 'orders.check' ? new Promise((resolve) => answers.push(resolve)) : undefined,
    );
    const timers: TicketTimers = { set: () => 0, clear: () => undefined };
    const ticket = new OrderTicket(api, timers);
    ticket.set({ market: 'BTC_USDT', amount: '1' });
    const first = ticket.check();
    ticket.set({ amount: '2' });
    const second = ticket.check();
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]?.({ ok: true, value: { issues: [], questions: [] } });
    await second;
    const refused = [{ field: 'amount', message: 'Amount is below the minimum.' }];
    answers[0]?.({ ok: true, value: { issues: refused, questions: [] } });
    await first;
    expect(ticket.issues).toEqual([]);
    expect(ticket.checking).toBe(false);
  });
});
