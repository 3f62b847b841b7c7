/**
 * Risk a page cannot raise alone: raising the leverage (the question shows each position's new
 * liquidation price beside its mark and its stop-loss, and warns when the leg falls beyond it),
 * cancelling a position's take-profit / stop-loss leg (a plain order stays one click; moving one and
 * cancelling many orders at once: untrusted-legs.test.ts), renaming an
 * account and removing an address-book entry each wait for main's own question; answered No, nothing
 * is signed at the sandbox and nothing changes here. A label that reads the same as another (a Cyrillic
 * letter, a zero-width space, another case) is refused, naming the one it resembles, unasked, and one
 * holding an invisible or blank-looking character (the braille blank, a Hangul filler) naming where. And a
 * page cannot make the webhook receiver believe a proxy's X-Forwarded-For without main's question.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountView,
  AddressEntryView,
  LeveragePreviewView,
  OrderView,
} from '../../../main/ipc/contract.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import { createTestCore, registerAccount, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';
import { factsOf, pageSession, type PageSession } from '../../support/untrusted.ts';

const desktop = scriptedDesktop();
let sandbox: Sandbox;
let core: TestCore;
let page: PageSession;
let alphaId = '';
const ERC20 = '0x52908400098527886E0F7030069857D2E4169EE7';

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 44, simulate: false });
  core = await createTestCore({
    connection: { kind: 'live', restUrl: sandbox.rest, wsUrl: sandbox.ws },
    platform: desktop.platform,
  });
  const key = (label: string) => sandbox.accounts.find((a) => a.label === label);
  await registerAccount(core, 'Treasury', key('main'));
  alphaId = (await registerAccount(core, 'Alpha', key('sub-alpha'), 'sub')).id;
  page = pageSession(core, desktop, sandbox);
}, 60_000);
afterAll(async () => {
  await core.close();
  await sandbox.close();
});

const leverageAtSandbox = (label: string) =>
  [...sandbox.control.state.accounts.values()].find((a) => a.label === label)?.leverage;

describe("a position's risk", () => {
  it('raising the leverage shows the new liquidation price beside the mark and the stop-loss; declined, nothing is signed', async () => {
    const stopLoss = page.priceAt('BTC_PERP', 0.97);
    await page.ok('orders.place', {
      accountId: alphaId,
      draft: { kind: 'collateral_market', market: 'BTC_PERP', side: 'buy', amount: '0.01', stopLoss },
    });
    expect(leverageAtSandbox('sub-alpha')).toBe(10);
    const { result, asked, signed } = await page.answering(false, () =>
      page.call('positions.setLeverage', { accountId: alphaId, leverage: 100 }),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
    expect(signed).toEqual([]);
    expect(leverageAtSandbox('sub-alpha')).toBe(10);
    expect(asked).toHaveLength(1);
    const question = asked[0];
    expect(question?.title).toBe('Raise the leverage of "Alpha" from 10× to 100×?');
    expect(question?.cancel).toBe("Don't change");
    const facts = factsOf(question);
    expect(facts['Leverage']).toBe('10× → 100×');
    // at 100× the long is liquidated within about half a percent of its entry
    const preview = await page.ok<LeveragePreviewView>('positions.previewLeverage', {
      accountId: alphaId,
      leverage: 100,
    });
    const [position] = preview.positions;
    expect(Number(position?.liquidationAt)).toBeGreaterThan(Number(position?.liquidationPrice));
    expect(Number(position?.liquidationAt)).toBeGreaterThan(Number(stopLoss));
    expect(position?.mark).toBeDefined();
    expect(position?.legsBeyond.map((l) => l.kind)).toEqual(['stopLoss']);
    const line = Object.entries(facts).find(([label]) => label.startsWith('BTC_PERP long'))?.[1] ?? '';
    expect(line).toMatch(/^liquidation [\d,.]+ → [\d,.]+; mark price [\d,.]+$/);
    expect(facts['Stop-loss of BTC_PERP']).toMatch(/beyond the new liquidation price/);
    expect(question?.warning).toMatch(
      /^1 take-profit or stop-loss leg would lie beyond the new liquidation price/,
    );
    // lowering it asks nothing
    const lower = await page.answering(false, () =>
      page.ok('positions.setLeverage', { accountId: alphaId, leverage: 5 }),
    );
    expect(lower.asked).toEqual([]);
    expect(lower.signed.map((r) => r.path)).toEqual(['/api/v4/collateral-account/leverage']);
  });

  it("cancelling a position's stop-loss asks; declined, nothing is signed; a plain order stays one click", async () => {
    const legs = (
      await page.ok<OrderView[]>('orders.active', { accountId: alphaId, market: 'BTC_PERP' })
    ).filter((o) => o.reduceOnly);
    expect(legs).toHaveLength(1);
    const leg = legs[0] as OrderView;
    const { result, asked, signed } = await page.answering(false, () =>
      page.call('orders.cancel', { accountId: alphaId, market: 'BTC_PERP', orderId: leg.orderId }),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
    expect(signed).toEqual([]);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      title: 'Cancel the stop-loss of your BTC_PERP long?',
      action: 'Cancel the stop-loss',
      cancel: 'Keep the stop-loss',
      warning: expect.stringMatching(/no stop-loss/) as unknown,
    });
    expect(factsOf(asked[0])['Position']).toBe('long, 0.01 BTC');
    const still = await page.ok<OrderView[]>('orders.active', { accountId: alphaId, market: 'BTC_PERP' });
    expect(still.map((o) => o.orderId)).toContain(leg.orderId);

    const plain = await page.ok<{ order: OrderView }>('orders.place', {
      accountId: alphaId,
      draft: {
        kind: 'collateral_limit',
        market: 'BTC_PERP',
        side: 'buy',
        amount: '0.001',
        price: page.priceAt('BTC_PERP', 0.97),
      },
    });
    const cancelled = await page.answering(false, () =>
      page.ok('orders.cancel', { accountId: alphaId, market: 'BTC_PERP', orderId: plain.order.orderId }),
    );
    expect(cancelled.asked).toEqual([]);
    expect(cancelled.signed.map((r) => r.path)).toEqual(['/api/v4/order/cancel']);
  });
});

describe('names a person reads', () => {
  it('renaming an account asks, naming both labels; declined, the label stays', async () => {
    const { result, asked } = await page.answering(false, () =>
      page.call('accounts.rename', { id: alphaId, label: 'Cold storage' }),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
    expect(asked).toHaveLength(1);
    expect(asked[0]?.title).toBe('Rename "Alpha" to "Cold storage"?');
    expect(factsOf(asked[0])['New label']).toBe('Cold storage');
    expect(core.accounts.registry.get(alphaId)?.label).toBe('Alpha');
  });

  /** The refusal names the account it resembles, or where its unseen character sits. */
  const resembles = /"Treasury"/;
  const where = (before: string) =>
    new RegExp(`^The label has an invisible or blank-looking character after "${before}": remove it\\.$`);
  it.each([
    ['a Cyrillic letter', 'Treаsury', resembles],
    ['a Cyrillic capital', 'Тreasury', resembles],
    ['a zero-width space', 'Trea\u200Bsury', where('Trea')],
    ['a right-to-left mark', 'Treasury\u200F', where('Treasury')],
    ['another letter case', 'TREASURY', resembles],
    ['a full-width letter', 'Ｔreasury', resembles],
    ['a braille pattern blank', 'Treasury\u2800', where('Treasury')],
    ['a Hangul filler', 'Trea\u3164sury', where('Trea')],
    ['a no-break space', 'Treasury\u00A0', resembles],
  ])(
    'a label reading the same as "Treasury" (%s) is refused, naming it or where, unasked',
    async (_why, label, words) => {
      const rename = await page.answering(true, () => page.call('accounts.rename', { id: alphaId, label }));
      desktop.clipboard = 'a'.repeat(64);
      const add = await page.answering(true, () =>
        page.call('accounts.addFromClipboard', {
          label,
          kind: 'sub',
          apiKey: `look-alike-${String(label.length)}`,
        }),
      );
      desktop.clipboard = undefined;
      for (const { result, asked } of [rename, add]) {
        expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'label' } });
        expect((result as { error: { message: string } }).error.message).toMatch(words);
        expect(asked).toEqual([]);
      }
      expect(core.accounts.registry.get(alphaId)?.label).toBe('Alpha');
      expect((await page.ok<AccountView[]>('accounts.list')).map((a) => a.label).sort()).toEqual([
        'Alpha',
        'Treasury',
      ]);
    },
  );

  it('an address-book entry is removed only through main’s question, and a look-alike label is refused', async () => {
    await page.ok('wallet.addAddress', { label: 'Cold wallet', network: 'ERC20', address: ERC20 });
    const [entry] = await page.ok<AddressEntryView[]>('wallet.addressBook');
    const { result, asked } = await page.answering(false, () =>
      page.call('wallet.removeAddress', { id: entry?.id }),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      title: 'Remove "Cold wallet" from your address book?',
      action: 'Remove address',
      facts: [
        { label: 'Label', value: 'Cold wallet' },
        { label: 'Network', value: 'ERC20' },
        { label: 'Address', value: ERC20 },
      ],
    });
    expect((await page.ok<AddressEntryView[]>('wallet.addressBook')).map((e) => e.label)).toEqual([
      'Cold wallet',
    ]);
    const twin = await page.answering(true, () =>
      page.call('wallet.addAddress', {
        label: 'Cold wаllet',
        network: 'ERC20',
        address: '0x0000000000000000000000000000000000000001',
      }),
    );
    expect(twin.result).toMatchObject({ ok: false, error: { code: 'duplicate', field: 'label' } });
    expect((twin.result as { error: { message: string } }).error.message).toMatch(
      /reads the same as the address "Cold wallet"/,
    );
    expect(twin.asked).toEqual([]);
    // a blank-looking character (the braille blank reads as a space) never makes a second "Cold wallet"
    for (const label of ['Cold\u2800wallet', 'Cold wallet\u2800', 'Cold\u3000wallet']) {
      const blank = await page.answering(true, () =>
        page.call('wallet.addAddress', {
          label,
          network: 'ERC20',
          address: '0x0000000000000000000000000000000000000002',
        }),
      );
      expect(blank.result).toMatchObject({ ok: false, error: { field: 'label' } });
      expect((blank.result as { error: { message: string } }).error.message).toMatch(
        /^The label has an invisible or blank-looking character after "Cold( wallet)?": remove it\.$/,
      );
      expect(blank.asked).toEqual([]);
    }
    expect((await page.ok<AddressEntryView[]>('wallet.addressBook')).map((e) => e.label)).toEqual([
      'Cold wallet',
    ]);
    // confirmed, it goes
    await page.answering(true, () => page.ok('wallet.removeAddress', { id: entry?.id }));
    expect(await page.ok<AddressEntryView[]>('wallet.addressBook')).toEqual([]);
  });

  it('a webhook proxy is trusted only through main’s question, and only as an address', async () => {
    const { result, asked } = await page.answering(false, () =>
      page.call('webhooks.setTrustedProxy', { address: '127.0.0.1' }),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
    expect(asked[0]?.title).toBe('Trust the proxy at 127.0.0.1 to name webhook senders?');
    expect(await page.ok('webhooks.trustedProxy')).toBeNull();
    const bad = await page.answering(true, () =>
      page.call('webhooks.setTrustedProxy', { address: 'proxy.local' }),
    );
    expect(bad.result).toMatchObject({ ok: false, error: { code: 'invalid_input', field: 'address' } });
    expect(bad.asked).toEqual([]);
    await page.answering(true, () => page.ok('webhooks.setTrustedProxy', { address: '::ffff:127.0.0.1' }));
    expect(await page.ok('webhooks.trustedProxy')).toBe('127.0.0.1');
    const file = join(core.environment.dataDir, 'profiles', 'default', 'webhook-proxy.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ address: '127.0.0.1' });
    // trusting none asks nothing
    const off = await page.answering(false, () => page.ok('webhooks.setTrustedProxy', { address: '' }));
    expect([off.result, off.asked]).toEqual([null, []]);
  });
});
