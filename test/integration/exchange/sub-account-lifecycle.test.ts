// The client's sub-account lifecycle, key and deposit-address functions against the sandbox: what each
// answers once parsed, the errors it throws (typed, with the exchange's fields), paging to the end,
// and that a new key's secret is in the answer of `createKey` and nowhere else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as admin from '../../../main/exchange/endpoints/sub-account-admin.ts';
import * as keys from '../../../main/exchange/endpoints/sub-account-api-keys.ts';
import * as deposit from '../../../main/exchange/endpoints/deposit-address.ts';
import * as subAccounts from '../../../main/exchange/endpoints/sub-accounts.ts';
import * as trading from '../../../main/exchange/endpoints/trading.ts';
import { KeyCaller } from '../../../main/exchange/endpoints/shapes.ts';
import { AuthError, ExchangeError, ValidationError } from '../../../main/exchange/errors.ts';
import { startHarness, type Harness } from './support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ extraSubAccounts: 130 });
});
afterAll(() => h.close());

const SPOT = { spotEnabled: true, collateralEnabled: false };
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e,
  );

describe('sub-accounts with the main key', () => {
  it('creates one and reads it back as the list shows it', async () => {
    const made = await admin.create(h.as('main'), { alias: 'client-one', shareKyc: true, permissions: SPOT });
    expect(made).toMatchObject({ alias: 'client-one', status: 'active', permissions: SPOT });
    expect(made.id).toMatch(/^[0-9a-f-]{36}$/);
    const found = await admin.page(h.as('main'), { search: 'client-one' });
    expect(found.map((s) => [s.id, s.alias])).toEqual([[made.id, 'client-one']]);
  });

  it('reads every page of a long list: each sub-account once', async () => {
    const all = await admin.listAll(h.as('main'));
    expect(all.length).toBeGreaterThan(130);
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    expect(all.map((s) => s.alias)).toContain('client-one');
    // Pages read a few at once come back in the exchange's order, as page after page gives them.
    const one = await admin.page(h.as('main'), { limit: 100, offset: 0 });
    const two = await admin.page(h.as('main'), { limit: 100, offset: 100 });
    expect(two.length).toBeLessThan(100);
    expect(all.map((s) => s.id)).toEqual([...one, ...two].map((s) => s.id));
  });

  it('asks at once for the pages of the sub-accounts the desk expects, and no more round trips', async () => {
    // Each list request with how many round trips had ended before it left.
    const watched = (): { caller: KeyCaller; sent: Array<{ offset: number; trip: number }> } => {
      const main = h.as('main');
      const sent: Array<{ offset: number; trip: number }> = [];
      let trips = 0;
      let inFlight = 0;
      const caller = Object.create(main) as KeyCaller;
      caller.call = ((endpoint, fields, options) => {
        sent.push({ offset: Number((fields as Record<string, unknown>)['offset']), trip: trips });
        inFlight++;
        return main.call(endpoint, fields, options).finally(() => {
          if (--inFlight === 0) trips++;
        });
      }) as KeyCaller['call'];
      return { caller, sent };
    };
    const exact = (await admin.listAll(h.as('main'))).map((s) => s.id);
    expect(exact.length).toBeGreaterThan(100);
    expect(exact.length).toBeLessThan(200);

    // Knowing of none: the first page alone, then the next few at once.
    const blind = watched();
    expect((await admin.listAll(blind.caller)).map((s) => s.id)).toEqual(exact);
    expect(blind.sent.map((r) => r.trip)).toEqual([0, 1, 1, 1, 1]);

    // Knowing of 150: both pages in one round trip.
    const told = watched();
    expect((await admin.listAll(told.caller, { expected: 150 })).map((s) => s.id)).toEqual(exact);
    expect(told.sent).toEqual([
      { offset: 0, trip: 0 },
      { offset: 100, trip: 0 },
    ]);

    // Expecting more than the exchange lists (sub-accounts deleted elsewhere): every one read, once.
    const over = watched();
    expect((await admin.listAll(over.caller, { expected: 520 })).map((s) => s.id)).toEqual(exact);
    expect(over.sent.map((r) => r.trip)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it("reads a sub-account's transfers newest first, in one direction or both, under their transaction ids", async () => {
    const main = h.as('main');
    const sub = await admin.create(main, { alias: 'client-moves', shareKyc: true, permissions: SPOT });
    const move = (direction: 'main_to_sub' | 'sub_to_main', amount: string) =>
      subAccounts.transfer(main, { id: sub.id, direction, amount, ticker: 'USDT' });
    const given = await move('main_to_sub', '5');
    const back = await move('sub_to_main', '1.25');
    const both = await subAccounts.transferHistory(main, { id: sub.id });
    expect(both.map((t) => [t.id, t.direction, t.currency, t.amount])).toEqual([
      [back, 'sub_to_main', 'USDT', '1.25'],
      [given, 'main_to_sub', 'USDT', '5'],
    ]);
    expect(both[0]?.createdAt).toBeTypeOf('number');
    const out = await subAccounts.transferHistory(main, { id: sub.id, direction: 'sub_to_main' });
    expect(out.map((t) => t.id)).toEqual([back]);
    // the exchange publishes this refusal as `{code, message}` only: the message names what is wrong
    const refused = await refusal(subAccounts.transferHistory(main, { id: 'no-such-sub' }));
    expect((refused as ExchangeError).message).toContain('Sub-account do not exists');
  });

  it('throws the validation fields of a taken alias or a missing e-mail', async () => {
    const taken = await refusal(
      admin.create(h.as('main'), { alias: 'client-one', shareKyc: true, permissions: SPOT }),
    );
    expect(taken).toBeInstanceOf(ValidationError);
    expect(Object.keys((taken as ValidationError).fields)).toEqual(['alias']);
    const noMail = await refusal(admin.create(h.as('main'), { alias: 'client-two', permissions: SPOT }));
    expect(Object.keys((noMail as ValidationError).fields)).toEqual(['email']);
  });

  it('edits, blocks, unblocks and deletes; a deleted one leaves the list', async () => {
    const main = h.as('main');
    const made = await admin.create(main, { alias: 'client-edit', shareKyc: true, permissions: SPOT });
    const both = { spotEnabled: true, collateralEnabled: true };
    await admin.edit(main, { id: made.id, alias: 'client-edited', permissions: both });
    const [edited] = await admin.page(main, { search: 'client-edited' });
    expect(edited).toMatchObject({ id: made.id, permissions: both });
    await admin.block(main, made.id);
    expect((await admin.page(main, { search: 'client-edited' }))[0]?.status).toBe('blocked');
    await admin.unblock(main, made.id);
    expect((await admin.page(main, { search: 'client-edited' }))[0]?.status).toBe('active');
    await admin.remove(main, made.id);
    expect(await admin.page(main, { search: 'client-edited' })).toEqual([]);
  });

  it('is refused to a sub-account key as an authorization error', async () => {
    const refused = await refusal(
      admin.create(h.as('sub-alpha'), { alias: 'client-sneaky', shareKyc: true, permissions: SPOT }),
    );
    expect(refused).toBeInstanceOf(AuthError);
    expect((refused as AuthError).status).toBe(403);
    expect(await admin.page(h.as('main'), { search: 'client-sneaky' })).toEqual([]);
  });

  it("reads the sub-accounts' withdrawals waiting for approval, amounts as decimal strings", async () => {
    const id = h.sandbox.control.awaitApproval('sub-alpha', 'USDT', '75.25');
    const waiting = await admin.unconfirmedWithdrawals(h.as('main'));
    expect(waiting.find((w) => w.id === id)).toMatchObject({ currency: 'USDT', amount: '75.25' });
  });

  it('confirms a waiting withdrawal once: it leaves the list and the second confirmation is refused', async () => {
    const main = h.as('main');
    const id = h.sandbox.control.awaitApproval('sub-alpha', 'USDT', '20');
    await admin.confirmWithdrawal(main, id);
    expect((await admin.unconfirmedWithdrawals(main)).map((w) => w.id)).not.toContain(id);
    const again = await refusal(admin.confirmWithdrawal(main, id));
    expect(again).toBeInstanceOf(ExchangeError);
    expect((again as ExchangeError).status).toBe(422);
    const unknown = await refusal(admin.confirmWithdrawal(main, 'f47ac10b-58cc-4372-a567-0e02b2c3d479'));
    expect((unknown as ValidationError).fields).toEqual({ id: ['validation.exists'] });
  });

  it('reads a KYC link for a sub-account of its own KYC, and the refusal of one that shares it', async () => {
    const main = h.as('main');
    const own = await admin.create(main, {
      alias: 'client-own-kyc',
      email: 'own@example.com',
      shareKyc: false,
      permissions: SPOT,
    });
    const link = await admin.kycUrl(main, own.id);
    expect(link.url).toMatch(/^https:\/\//);
    expect(link.expiresIn).toBe(3600);
    const shared = await refusal(
      admin.kycUrl(main, h.sandbox.accounts.find((a) => a.label === 'sub-alpha')?.subAccountId ?? ''),
    );
    expect(shared).toBeInstanceOf(ExchangeError);
    expect((shared as ExchangeError).message).toContain('shared KYC');
  });
});

describe("a sub-account's API keys", () => {
  it('creates a key whose secret signs at once; the list never carries a secret', async () => {
    const main = h.as('main');
    const sub = await admin.create(main, { alias: 'client-keys', shareKyc: true, permissions: SPOT });
    const created = await keys.createKey(main, { subAccountId: sub.id, type: 1, title: 'desk' });
    expect(created.apiSecret).toMatch(/^[0-9a-f]{32}$/);
    expect(created.key).not.toHaveProperty('apiSecret');
    const own = new KeyCaller(h.http, { apiKey: created.key.apiKey, secret: created.apiSecret });
    expect(await trading.tradeBalance(own)).toBeTypeOf('object');

    const listed = await keys.listAllKeys(main, sub.id);
    expect(listed.map((k) => k.id)).toEqual([created.key.id]);
    expect(JSON.stringify(listed)).not.toContain(created.apiSecret);

    await keys.deleteKey(main, created.key.id);
    expect(await keys.listAllKeys(main, sub.id)).toEqual([]);
    expect(await refusal(trading.tradeBalance(own))).toBeInstanceOf(AuthError);
  });

  it('keeps an IP allow-list: add answers the list, a repeat keeps one, remove takes it out', async () => {
    const main = h.as('main');
    const sub = await admin.create(main, { alias: 'client-ips', shareKyc: true, permissions: SPOT });
    const { key } = await keys.createKey(main, { subAccountId: sub.id, type: 1 });
    expect(await keys.listIps(main, key.id)).toEqual([]);
    await keys.addIp(main, key.id, '203.0.113.0/24');
    expect(await keys.addIp(main, key.id, '2001:db8::1')).toEqual(['203.0.113.0/24', '2001:db8::1']);
    expect(await keys.addIp(main, key.id, '2001:db8::1')).toHaveLength(2);
    expect(await keys.removeIp(main, key.id, '203.0.113.0/24')).toEqual(['2001:db8::1']);
    const bad = await refusal(keys.addIp(main, key.id, 'not-an-ip'));
    expect(Object.keys((bad as ValidationError).fields)).toEqual(['ip']);
  });

  it('tells an unknown key from a missing one', async () => {
    const unknown = await refusal(keys.deleteKey(h.as('main'), 'no-such-key'));
    expect(unknown).toBeInstanceOf(ExchangeError);
    expect(unknown).not.toBeInstanceOf(AuthError);
    const missing = await refusal(keys.deleteKey(h.as('main'), ''));
    expect((missing as ValidationError).fields).toHaveProperty('apiKeyId');
  });
});

describe('deposit addresses', () => {
  it('answers the address and its terms as decimal strings, the same twice', async () => {
    const one = await deposit.address(h.as('main'), { ticker: 'USDT', network: 'TRC20' });
    expect(one.account.address).toMatch(/^T/);
    expect(one.required).toMatchObject({ minAmount: '1', flexFee: { percent: '0.1' } });
    expect(await deposit.address(h.as('main'), { ticker: 'USDT', network: 'TRC20' })).toEqual(one);
  });

  it('makes a new address that the address endpoint answers from then on', async () => {
    const before = await deposit.address(h.as('main'), { ticker: 'BTC' });
    const fresh = await deposit.createNewAddress(h.as('main'), { ticker: 'BTC', type: 'bech32' });
    expect(fresh.account.address).not.toBe(before.account.address);
    expect((await deposit.address(h.as('main'), { ticker: 'BTC' })).account).toEqual(fresh.account);
  });

  it('refuses an unknown network in the validation shape', async () => {
    const bad = await refusal(deposit.address(h.as('main'), { ticker: 'USDT', network: 'NOPE' }));
    expect(bad).toBeInstanceOf(ValidationError);
    expect(Object.keys((bad as ValidationError).fields)).toEqual(['network']);
  });
});
