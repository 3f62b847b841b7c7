import type { LeveragePreviewView, PositionView } from '../../../../main/ipc/contract.ts';
import type { TxcApi } from '../api.ts';
import type { LeverageLevel } from '../format/positions.ts';
import { ReplyGuard, type Asked } from './reply-guard.ts';

export type LeveragePreviewRow = LeveragePreviewView['positions'][number];

/**
 * A leverage level being chosen, before it is set, and what it would do to the account's open
 * positions as main works it out: each one's liquidation price at that level and the take-profit /
 * stop-loss legs that would then lie past it. The risk is said where it is made: beside the choice,
 * and on each position's row beside its mark and legs. Read again when the positions change while a
 * level is chosen; an older answer never wins.
 */
export class LeverageChoice {
  /** The level chosen and not yet set ('' while none). */
  level = $state('');
  /** Main's preview of the chosen level; undefined while none is chosen, it is the level in force, or unknown. */
  preview = $state<LeveragePreviewView | undefined>();
  readonly #api: TxcApi;
  readonly #account: () => string;
  readonly #inForce: () => number | undefined;
  readonly #positions: () => readonly PositionView[];
  readonly #asked = new ReplyGuard();

  constructor(
    api: TxcApi,
    account: () => string,
    inForce: () => number | undefined,
    positions: () => readonly PositionView[],
  ) {
    this.#api = api;
    this.#account = account;
    this.#inForce = inForce;
    this.#positions = positions;
  }

  /** The person picked a level: its preview is read. */
  async choose(level: string): Promise<void> {
    this.level = level;
    await this.refresh();
  }

  /** Reads the preview of the chosen level again (the positions or their legs changed). */
  refresh(): Promise<void> {
    return this.#asked.run((asked) => this.#read(asked));
  }

  async #read(asked: Asked): Promise<void> {
    const level = Number(this.level);
    const account = this.#account();
    if (!level || level === this.#inForce() || !account || this.#positions().length === 0) {
      this.preview = undefined;
      return;
    }
    const reply = await this.#api.positions.previewLeverage({
      accountId: account,
      leverage: level as LeverageLevel,
    });
    if (asked.stale) return;
    this.preview = reply.ok ? reply.value : undefined;
  }

  /** What the chosen level would do to one position; undefined while nothing is previewed for it. */
  of(positionId: number): LeveragePreviewRow | undefined {
    return this.preview?.positions.find((p) => p.positionId === positionId);
  }

  /** The positions with a leg that would trigger only past their liquidation price at the chosen level. */
  get legsPast(): LeveragePreviewRow[] {
    return this.preview?.positions.filter((p) => p.legsBeyond.length > 0) ?? [];
  }

  clear(): void {
    this.#asked.dropAll();
    this.level = '';
    this.preview = undefined;
  }
}
