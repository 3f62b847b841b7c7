// The desk order's fields and what they become: the `board.previewOrder` input, checked locally first
// (each mistake named by its field), with the exact decimal helpers the sizing needs.
import type { OrderDraftInput, ProcedureInput } from '../../../../main/ipc/contract.ts';
import type { IpcError } from '../api.ts';

export type DeskKind = 'limit' | 'market';
export type SizingChoice = 'fixed' | 'weight' | 'share';
export type DeskInput = ProcedureInput<'board.previewOrder'>;

/** The ticket as typed. */
export interface DeskOrderFields {
  kind: DeskKind;
  market: string;
  side: 'buy' | 'sell';
  price: string;
  postOnly: boolean;
  ioc: boolean;
  sizing: SizingChoice;
  /** Fixed: each account's amount. */
  amount: string;
  /** Weight: the total split in proportion to the weights. */
  total: string;
  /** Weight: per account id, as typed. */
  weights: Record<string, string>;
  /** Share: a percentage of each account's available balance, as typed. */
  sharePercent: string;
}

export function emptyDeskFields(market = ''): DeskOrderFields {
  return {
    kind: 'limit',
    market,
    side: 'buy',
    price: '',
    postOnly: false,
    ioc: false,
    sizing: 'fixed',
    amount: '',
    total: '',
    weights: {},
    sharePercent: '',
  };
}

/** A percentage as typed ("12.5") as the exact 0..1 decimal main takes ("0.125"); undefined outside 0..100. */
export function percentToShare(text: string): string | undefined {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return undefined;
  // Two places to the left, by moving digits: no floating point involved.
  const digits = (m[1] ?? '0').padStart(3, '0');
  const whole = digits.slice(0, -2).replace(/^0+(?=\d)/, '');
  const fraction = (digits.slice(-2) + (m[2] ?? '')).replace(/0+$/, '');
  if (whole !== '0' && !(whole === '1' && fraction === '')) return undefined;
  return fraction ? `${whole}.${fraction}` : whole;
}

/** A local check's error, shaped like main's so it shows next to the same field. */
function localError(field: string, message: string): IpcError {
  return { code: 'invalid_input', message, field };
}

/** Builds what main takes from the ticket, or the first field a person has to fix. */
export function deskInput(
  fields: DeskOrderFields,
  accountIds: readonly string[],
): { ok: true; input: DeskInput } | { ok: false; error: IpcError } {
  if (accountIds.length === 0)
    return { ok: false, error: localError('accountIds', 'Choose at least one account.') };
  if (!fields.market) return { ok: false, error: localError('draft.market', 'Choose a market.') };
  const limit = fields.kind === 'limit';
  if (limit && !fields.price.trim())
    return { ok: false, error: localError('draft.price', 'A limit order needs a price.') };
  const draft: OrderDraftInput = { kind: fields.kind, market: fields.market, side: fields.side, amount: '0' };
  if (limit) {
    draft.price = fields.price.trim();
    if (fields.postOnly) draft.postOnly = true;
    if (fields.ioc) draft.ioc = true;
  }
  let sizing: DeskInput['sizing'];
  if (fields.sizing === 'fixed') {
    if (!fields.amount.trim())
      return { ok: false, error: localError('sizing.amount', 'Give the amount each account orders.') };
    sizing = { kind: 'fixed', amount: fields.amount.trim() };
  } else if (fields.sizing === 'weight') {
    if (!fields.total.trim())
      return { ok: false, error: localError('sizing.total', 'Give the total to split by weight.') };
    const weights: Record<string, number> = {};
    for (const id of accountIds) {
      const typed = (fields.weights[id] ?? '1').trim();
      // A weight is a proportion, not an amount of money: a plain number is what main takes.
      if (!/^\d+(\.\d+)?$/.test(typed))
        return {
          ok: false,
          error: localError(
            `sizing.weights.${id}`,
            'A weight is a number of zero or more, such as 1 or 0.5.',
          ),
        };
      weights[id] = Number(typed);
    }
    sizing = { kind: 'weight', total: fields.total.trim(), weights };
  } else {
    const share = percentToShare(fields.sharePercent);
    if (share === undefined)
      return {
        ok: false,
        error: localError('sizing.share', 'Give a percentage from 0 to 100, such as 25 or 12.5.'),
      };
    sizing = { kind: 'share', share };
  }
  return { ok: true, input: { accountIds: [...accountIds], draft, sizing } };
}
