/**
 * Where a mining account's rewards are paid, as a person changes it in any order, through the real
 * core against its embedded sandbox: a model of the destination, and commands that ask for the main
 * balance or an address (of Bitcoin or not, with a stray address, the same as now), each question
 * answered or declined. After every step the exchange pays where the model says, and every request
 * signed is what the last question the person confirmed named: nothing else is ever sent.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountView, PayoutDestinationView } from '../../../main/ipc/contract.ts';
import type { Confirmation } from '../../../main/platform.ts';
import { createTestCore, procedureCalls, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const BTC = [
  'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
  '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
];
const NOT_BTC = ['0x52908400098527886E0F7030069857D2E4169EE7', 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlj'];

const desktop = scriptedDesktop();
let core: TestCore;
const { call, ok } = procedureCalls(() => core);
let main: AccountView;
const signed: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  core = await createTestCore({ platform: desktop.platform });
  core.connection.sandbox?.control.watchRequests((r) => {
    if (!r.path.endsWith('/payout-destination/edit')) return;
    // the request's own fields, without those every signed request carries
    const {
      request: _path,
      nonce: _nonce,
      nonceWindow: _window,
      ...fields
    } = r.body as Record<string, unknown>;
    signed.push(fields);
  });
  main = (await ok<AccountView[]>('accounts.list')).find((a) => a.label === 'Sandbox main') as AccountView;
});
afterAll(() => core?.close());

interface Model {
  destination: 'main_balance' | 'external_address';
  address: string | null;
}
interface Real {
  /** The questions asked and the requests signed before the step. */
  asked: number;
  sent: number;
}

/** Asks for a destination, the question answered `yes` or not. */
class Ask implements fc.AsyncCommand<Model, Real> {
  readonly destination: string;
  readonly address: string | undefined;
  readonly yes: boolean;
  constructor(destination: string, address: string | undefined, yes: boolean) {
    this.destination = destination;
    this.address = address;
    this.yes = yes;
  }
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    desktop.confirmAnswer = this.yes;
    const reply = await call('mining.setPayoutDestination', {
      accountId: main.id,
      miningAccount: 'desk-pool',
      destination: this.destination,
      ...(this.address === undefined ? {} : { address: this.address }),
    });
    const address = this.address?.trim() ?? '';
    const external = this.destination === 'external_address';
    const valid =
      (this.destination === 'main_balance' && address === '') || (external && BTC.includes(address));
    const same = valid && m.destination === this.destination && (!external || m.address === address);
    const asked = desktop.confirmations.slice(r.asked);
    const sent = signed.slice(r.sent);
    if (!valid || same) {
      // refused in words before any question
      expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      expect(asked).toEqual([]);
    } else {
      expect(asked).toHaveLength(1);
      const question = asked[0] as Confirmation;
      // the question names where they go now and where they will go
      const now = m.destination === 'main_balance' ? 'the main balance' : (m.address ?? '');
      expect(question.facts).toContainEqual({ label: 'Paid now to', value: now });
      expect(question.title).toBe(
        `Pay the rewards of mining account desk-pool to ${external ? address : 'the main balance'}?`,
      );
      if (this.yes) {
        // what is signed is what the question named
        expect(sent).toEqual([
          external
            ? { accountName: 'desk-pool', destination: 'external_address', address }
            : { accountName: 'desk-pool', destination: 'main_balance' },
        ]);
        m.destination = external ? 'external_address' : 'main_balance';
        m.address = external ? address : null;
      } else expect(reply).toMatchObject({ ok: false, error: { code: 'not_confirmed' } });
    }
    if (!this.yes || !valid || same) expect(sent).toEqual([]);
    r.asked = desktop.confirmations.length;
    r.sent = signed.length;
    const paid = await ok<PayoutDestinationView>('mining.payoutDestination', {
      accountId: main.id,
      miningAccount: 'desk-pool',
    });
    expect({ destination: paid.destination, address: paid.address }).toEqual(m);
  }
  toString = () => `ask ${this.destination} ${JSON.stringify(this.address)} ${this.yes ? 'yes' : 'no'}`;
}

const commands = [
  fc
    .tuple(fc.constantFrom(...BTC, ...NOT_BTC), fc.constantFrom('', ' '), fc.boolean())
    .map(([a, pad, yes]) => new Ask('external_address', `${pad}${a}${pad}`, yes)),
  fc.boolean().map((yes) => new Ask('main_balance', undefined, yes)),
  fc.boolean().map((yes) => new Ask('main_balance', BTC[0], yes)),
  fc.boolean().map((yes) => new Ask('external_address', undefined, yes)),
];

describe('the payout destination, changed in any order', () => {
  it('is always where the last confirmed question said, and only that was signed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 6 }), async (cmds) => {
        // each run starts from what the exchange holds now
        const paid = await ok<PayoutDestinationView>('mining.payoutDestination', {
          accountId: main.id,
          miningAccount: 'desk-pool',
        });
        const model: Model = { destination: paid.destination, address: paid.address };
        await fc.asyncModelRun(
          () => ({ model, real: { asked: desktop.confirmations.length, sent: signed.length } }),
          cmds,
        );
      }),
      { numRuns: 15 },
    );
  });
});
