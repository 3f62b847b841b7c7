/**
 * Board rows needing attention, watched in main so it works whatever screen is open: after each board
 * refresh (from the rows the board built, no request of its own) the rows that entered attention
 * make one `board.attention` event for the Events list and one desktop notice of the `deskAttention`
 * kind. The rules (liquidation within %, stale after minutes) are the board's, kept in a small JSON
 * file of the profile.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { UserFacingError } from '../../errors.ts';
import type { AttentionRulesView, BoardRowView } from '../../views/board.ts';
import type { PageEvents } from '../../services/live/page-events.ts';
import { writeJsonFile } from '../../json-file.ts';
import type { Logger } from '../../log.ts';
import { attentionNotice, attentionStep, DEFAULT_ATTENTION_RULES, type AttentionState } from './attention.ts';

/** The rules as kept in the file. */
const stored = z.strictObject({
  liquidationPct: z
    .string()
    .regex(/^\d{1,3}(\.\d{1,2})?$/)
    .refine((v) => Number(v) <= 100),
  staleMinutes: z.number().int().min(1).max(1440),
});

/** The rules as typed on the board, checked in the words of its fields. */
export function checkRules(input: {
  liquidationPct: string;
  staleMinutes: number | null;
}): AttentionRulesView {
  const liquidationPct = input.liquidationPct.trim();
  if (!stored.shape.liquidationPct.safeParse(liquidationPct).success)
    throw new UserFacingError(
      'invalid_input',
      'Liquidation within % must be a percentage from 0 to 100 with at most 2 decimals, such as 5 or 2.5.',
      'liquidationPct',
    );
  const staleMinutes = input.staleMinutes;
  if (staleMinutes === null || !stored.shape.staleMinutes.safeParse(staleMinutes).success)
    throw new UserFacingError(
      'invalid_input',
      'Stale after minutes must be a whole number of minutes from 1 to 1,440 (a day).',
      'staleMinutes',
    );
  return { liquidationPct, staleMinutes };
}

export interface AttentionWatchOptions {
  /** The rules file (JSON). */
  file: string;
  events: PageEvents;
  /** A desktop notice of the `deskAttention` kind (shown only while that kind is on). */
  notify: (title: string, body: string) => void;
  log: Logger;
  now?: () => number;
}

export class AttentionWatch {
  readonly #o: AttentionWatchOptions;
  #rules: AttentionRulesView;
  #state: AttentionState = new Map();

  constructor(options: AttentionWatchOptions) {
    this.#o = options;
    this.#rules = this.#read();
  }

  get rules(): AttentionRulesView {
    return { ...this.#rules };
  }

  /** Sets and keeps the rules; rows already in attention are judged by the new ones at the next refresh. */
  setRules(rules: { liquidationPct: string; staleMinutes: number | null }): AttentionRulesView {
    const next = checkRules(rules);
    writeJsonFile(this.#o.file, next);
    this.#rules = next;
    return this.rules;
  }

  /** The rows one board refresh built: those entering attention make one event and one notice. */
  observe(rows: readonly BoardRowView[]): void {
    const now = (this.#o.now ?? Date.now)();
    const step = attentionStep(this.#state, rows, this.#rules, now);
    this.#state = step.state;
    const notice = attentionNotice(step.entered, this.#rules, now);
    if (!notice) return;
    this.#o.events.emit('board.attention', notice);
    this.#o.notify(notice.title, notice.message);
  }

  #read(): AttentionRulesView {
    let raw: string;
    try {
      raw = readFileSync(this.#o.file, 'utf8');
    } catch {
      return { ...DEFAULT_ATTENTION_RULES };
    }
    try {
      return stored.parse(JSON.parse(raw));
    } catch (error) {
      this.#o.log.log(
        'warn',
        `the board attention rules in ${this.#o.file} are unreadable; using the defaults`,
        error,
      );
      return { ...DEFAULT_ATTENTION_RULES };
    }
  }
}
