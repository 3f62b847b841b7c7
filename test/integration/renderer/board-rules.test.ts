/**
 * The board's attention rules as a person types them: a refused value is said in words, and those
 * words go the moment another value is being saved (they were about the value before), so the screen
 * never shows a refusal beside a value main is accepting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessTransport } from '../../../main/ipc/in-process-transport.ts';
import { createBridge } from '../../../preload/bridge.ts';
import { DeskBoard } from '../../../renderer/src/lib/managers/desk-board.svelte.ts';
import { createTestCore, type TestCore } from '../../support/core.ts';

let core: TestCore;
let board: DeskBoard;

beforeAll(async () => {
  core = await createTestCore();
  board = new DeskBoard(createBridge(inProcessTransport(core.router, core.events)));
  await board.loadRules();
}, 60_000);
afterAll(() => core.close());

describe('the attention rules on the board', () => {
  it('a refusal is shown, and is gone while the next value is saved and after', async () => {
    await board.saveRules({ liquidationPct: '5%', staleMinutes: 5 });
    expect(board.rulesError?.message).toContain('Liquidation within % must be a percentage from 0 to 100');
    expect(board.rules).toEqual({ liquidationPct: '5', staleMinutes: 5 });

    const saving = board.saveRules({ liquidationPct: '0', staleMinutes: 5 });
    // main has not answered yet: the screen no longer says the last value was refused
    expect(board.rulesError).toBeUndefined();
    await saving;
    expect(board.rulesError).toBeUndefined();
    expect(board.rules).toEqual({ liquidationPct: '0', staleMinutes: 5 });
  });
});
