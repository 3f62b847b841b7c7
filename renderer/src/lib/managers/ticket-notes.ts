/**
 * What a ticket switch clears, and the words that say so. A ticket belongs to the market and account it
 * was typed for: its amount and prices go when either changes, and a typed amount goes when a switch
 * would read it in another asset. The note names what was cleared, as typed, and why.
 */
import { formatNumber } from '../format/number.ts';
import { amountAsset, kindTitles, type TicketFields } from './ticket-fields.ts';

/** The fields a person types for one order on one market: its amount and its prices. */
export const typedFields = [
  'amount',
  'price',
  'activationPrice',
  'stopLimitPrice',
  'takeProfit',
  'stopLoss',
] as const satisfies ReadonlyArray<keyof TicketFields>;

/** The fields without what was typed for an order (flags, side, type and market stay). */
export function withoutTyped(f: TicketFields): TicketFields {
  return {
    ...f,
    amount: '',
    price: '',
    activationPrice: '',
    stopLimitPrice: '',
    takeProfit: '',
    stopLoss: '',
  };
}

/** The given keys of `patch` only. */
export function pick<K extends keyof TicketFields>(
  patch: Partial<TicketFields>,
  keys: readonly K[],
): Partial<TicketFields> {
  const out: Partial<TicketFields> = {};
  for (const key of keys) if (patch[key] !== undefined) Object.assign(out, { [key]: patch[key] });
  return out;
}

const priceNames: ReadonlyArray<[keyof TicketFields, string]> = [
  ['price', 'price'],
  ['activationPrice', 'activation price'],
  ['stopLimitPrice', 'stop leg price'],
  ['takeProfit', 'take-profit'],
  ['stopLoss', 'stop-loss'],
];

/** "and"-joined: "a", "a and b", "a, b and c". */
function joined(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
}

/**
 * "The amount 0.5 BTC and the price 64,415 typed for BTC_USDT were cleared: the ticket is now on
 * ETH_USDT." ('' when nothing was typed). `owner`: what it was typed for; `now`: what changed.
 */
export function clearedNote(f: TicketFields, owner: string, now: string): string {
  const parts: string[] = [];
  const amount = f.amount.trim();
  if (amount) parts.push(`the amount ${formatNumber(amount)} ${amountAsset(f)}`);
  for (const [key, name] of priceNames) {
    const value = String(f[key]).trim();
    if (value) parts.push(`the ${name} ${formatNumber(value)}`);
  }
  if (parts.length === 0) return '';
  const what = joined(parts);
  return `${what.charAt(0).toUpperCase()}${what.slice(1)} typed ${owner} ${parts.length > 1 ? 'were' : 'was'} cleared: ${now}.`;
}

/** Why the amount was emptied: "The amount 25 USDT was cleared: a market sell is sized in BTC, not USDT." */
export function unitNote(typed: string, before: TicketFields, next: TicketFields): string {
  const was = `${formatNumber(typed)} ${amountAsset(before)}`;
  const now = amountAsset(next);
  const what = `a ${kindTitles[next.kind].replace(' (amount in base)', '')} ${next.side} is sized`;
  return `The amount ${was} was cleared: ${what} in ${now}, not ${amountAsset(before)}. Type it again in ${now}.`;
}
