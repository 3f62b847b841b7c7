/**
 * The leverage panel as people use it, in any order: a level picked (answered at once or overtaken by
 * the next pick), Set pressed (main's question accepted or declined), pressed twice, the choice
 * cleared, and trades that change the positions the preview is about while a level is chosen. Run
 * against the sandbox with the app's main process and the Positions screen's own manager, whose
 * previews main answers out of order (held back, then released newest first). Invariants:
 * - what is set at the exchange is the level the person last picked and saw in the panel, and only
 *   when they said yes to main's question, whose title names that level; a declined or refused Set
 *   changes nothing, and a second press while one is out changes nothing more;
 * - once the answers are in, the preview shown is the preview of the level shown, never of an older
 *   pick, and there is none for the level in force.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inProcessTransport } from '../../../main/ipc/in-process-transport.ts';
import { startSandbox, type Sandbox } from '../../../main/sandbox/index.ts';
import type { Account } from '../../../main/sandbox/state.ts';
import { createBridge } from '../../../preload/bridge.ts';
import { LEVERAGE_LEVELS } from '../../../renderer/src/lib/format/positions.ts';
import { PositionsManager } from '../../../renderer/src/lib/managers/positions.svelte.ts';
import { memoryStore } from '../../../renderer/src/lib/managers/storage.ts';
import { createTestCore, procedureCalls, registerAccount, type TestCore } from '../../support/core.ts';
import { scriptedDesktop } from '../../support/desktop.ts';

const MARKET = 'BTC_PERP';
const desktop = scriptedDesktop();
let sandbox: Sandbox;
let core: TestCore;
let accountId = '';
let owner: Account;
let positions: PositionsManager;
const { call } = procedureCalls(() => core);
/**
 * Main answers previews out of order, as a busy main process can: the answer to a pick the person
 * does not wait for is held back, and the held answers come back newest first once a later pick's
 * answer is in, or when the person looks at the panel. No clock decides the order.
 */
let holding = false;
/** Releases the held answers once they are in, without holding more (the person waits for all). */
let draining = false;
const held: Array<() => void> = [];
let heldInAll = 0;
function releaseHeld(): void {
  for (const release of held.splice(0).reverse()) release();
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 41, simulate: false });
  core = await createTestCore({
    connection: { kind: 'live', restUrl: sandbox.rest, wsUrl: sandbox.ws },
    platform: desktop.platform,
  });
  const key = sandbox.accounts.find((a) => a.label === 'sub-alpha');
  accountId = (await registerAccount(core, 'Alpha', key)).id;
  const found = [...sandbox.control.state.accounts.values()].find((a) => a.label === 'sub-alpha');
  if (!found) throw new Error('no sub-alpha');
  owner = found;
  const transport = inProcessTransport(core.router, core.events);
  const invoke = transport.invoke.bind(transport);
  transport.invoke = async (procedure, input) => {
    // decided when the request is made: the bridge calls the transport within the pick's own call
    const hold = holding && procedure === 'positions.previewLeverage';
    const reply = await invoke(procedure, input);
    if (hold && !draining) {
      heldInAll += 1;
      await new Promise<void>((resolve) => held.push(resolve));
    }
    return reply;
  };
  positions = new PositionsManager(createBridge(transport), memoryStore());
  await positions.follow(accountId);
}, 60_000);
afterAll(async () => {
  await positions.stop();
  await core.close();
  await sandbox.close();
});

interface Model {
  /** The level the person picked last and sees in the panel ('' while none). */
  chosen: string;
}
interface Real {
  /** Picks whose answers are still out. */
  pending: Array<Promise<void>>;
}
type Command = fc.AsyncCommand<Model, Real>;

/** What the panel shows in its select: the pick, else the level in force (never a made-up one). */
const shownLevel = (): string =>
  positions.choice.level || (positions.leverage ? String(positions.leverage.level) : '');

class Pick implements Command {
  readonly level: number;
  readonly waits: boolean;
  constructor(level: number, waits: boolean) {
    this.level = level;
    this.waits = waits;
  }
  check = () => !positions.leverageBusy;
  async run(model: Model, real: Real): Promise<void> {
    holding = !this.waits;
    const answered = positions.choice.choose(String(this.level));
    holding = false;
    if (this.waits) {
      await answered;
      releaseHeld();
    } else real.pending.push(answered);
    model.chosen = String(this.level);
    expect(shownLevel()).toBe(model.chosen);
  }
  toString = () => `pick ${String(this.level)}×${this.waits ? '' : ' (next at once)'}`;
}

class PressSet implements Command {
  readonly yes: boolean;
  readonly twice: boolean;
  constructor(yes: boolean, twice: boolean) {
    this.yes = yes;
    this.twice = twice;
  }
  check = () => true;
  async run(model: Model): Promise<void> {
    const level = shownLevel();
    if (!level) return;
    // what the person sees is what they last picked, or the level in force when they picked none
    if (model.chosen) expect(level).toBe(model.chosen);
    const before = owner.leverage;
    const asked = desktop.confirmations.length;
    desktop.confirmAnswer = this.yes;
    const first = positions.setLeverage(Number(level));
    const second = this.twice ? await positions.setLeverage(Number(level)) : false;
    const done = await first;
    expect(second).toBe(false);
    const questions = desktop.confirmations.slice(asked);
    expect(questions.length).toBeLessThanOrEqual(1);
    for (const q of questions) expect(q.title).toContain(`to ${level}×?`);
    if (done) {
      expect(owner.leverage).toBe(Number(level));
      // a raise goes only with a yes to the question that named it
      if (Number(level) > before) expect(questions.length === 1 && this.yes).toBe(true);
      model.chosen = '';
      expect(positions.choice.level).toBe('');
    } else {
      expect(owner.leverage).toBe(before);
    }
  }
  toString = () => `press Set${this.twice ? ' twice' : ''}, ${this.yes ? 'yes' : 'no'} to the question`;
}

class Clear implements Command {
  check = () => true;
  run(model: Model): Promise<void> {
    positions.choice.clear();
    model.chosen = '';
    return Promise.resolve();
  }
  toString = () => 'clear the choice';
}

/** The person waits for the panel to settle and reads it. */
class Look implements Command {
  check = () => true;
  run = settled;
  toString = () => 'look at the panel';
}

class Trade implements Command {
  readonly side: 'buy' | 'sell';
  readonly units: number;
  constructor(side: 'buy' | 'sell', units: number) {
    this.side = side;
    this.units = units;
  }
  check = () => true;
  async run(): Promise<void> {
    desktop.confirmAnswer = true;
    const amount = (this.units / 1000).toFixed(3);
    // refused trades (margin) are fine: the point is positions changing under a chosen level
    await call('orders.place', {
      accountId,
      draft: { kind: 'collateral_market', market: MARKET, side: this.side, amount },
    });
  }
  toString = () => `${this.side} ${String(this.units / 1000)} ${MARKET}`;
}

/** Once every answer is in: the preview shown is the one of the level shown, or none. */
async function settled(model: Model, real: Real): Promise<void> {
  draining = true;
  releaseHeld();
  await Promise.all(real.pending.splice(0));
  draining = false;
  expect(positions.choice.level).toBe(model.chosen);
  const open = positions.positions.length > 0;
  const level = Number(model.chosen);
  const inForce = positions.leverage?.level;
  const expected = model.chosen && open && level !== inForce ? level : undefined;
  await vi.waitFor(() => expect(positions.choice.preview?.leverage).toBe(expected), { timeout: 10_000 });
}

const levels = fc.constantFrom(...LEVERAGE_LEVELS);
const commands = fc.commands(
  [
    fc.tuple(levels, fc.boolean()).map(([l, waits]) => new Pick(l, waits)),
    fc.tuple(fc.boolean(), fc.boolean()).map(([yes, twice]) => new PressSet(yes, twice)),
    fc.constant(new Clear()),
    fc.constant(new Look()),
    fc
      .tuple(fc.constantFrom('buy' as const, 'sell' as const), fc.integer({ min: 1, max: 5 }))
      .map(([side, units]) => new Trade(side, units)),
  ],
  { maxCommands: 12 },
);

describe('the leverage panel, in any order', () => {
  it('sets only the level the person last picked and saw, and previews only that level', async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        positions.choice.clear();
        const model: Model = { chosen: '' };
        const real: Real = { pending: [] };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        await settled(model, real);
      }),
      { numRuns: 30 },
    );
    // the runs did overtake answers: some were held back and came back after newer ones
    expect(heldInAll).toBeGreaterThan(0);
  }, 300_000);
});
