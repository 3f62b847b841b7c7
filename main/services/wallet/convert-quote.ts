/**
 * A convert at a quote: the exchange's quote checked against what the person asked, the time it can
 * still be confirmed, and main's question naming exactly what the quote gives and returns. What is
 * confirmed is the quote the question showed, by its id; nothing is re-quoted behind the person.
 */
import { Dec } from '../../rules/decimal.ts';
import { grouped } from '../../rules/words.ts';
import type { ConvertEstimateInput, ConvertQuote } from '../../exchange/schemas/wallet.ts';
import { UserFacingError } from '../../errors.ts';
import { ExchangeError } from '../../exchange/errors.ts';
import type { Confirmation } from '../../platform.ts';
import type { ConvertQuoteView } from '../../views/wallet.ts';

/** How long the exchange holds a quote, as published: the app never counts on more. */
export const QUOTE_LIFE_MS = 10_000;

/**
 * The quote as the person reviews it, once it is the quote asked for: the same pair, and on the side
 * the person fixed, the amount asked (the exchange reads 8 decimals; the app's checks allow no more).
 * It expires at the exchange's `expireAt` or 10 s after it was asked, whichever comes first, so a
 * clock that runs behind the exchange's never shows a quote as good when the exchange holds it no more.
 */
export function quoteView(
  asked: ConvertEstimateInput,
  quote: ConvertQuote,
  askedAtMs: number,
): ConvertQuoteView {
  const fixed = asked.direction === 'from' ? quote.give : quote.receive;
  if (quote.from !== asked.from || quote.to !== asked.to || !new Dec(fixed).eq(new Dec(asked.amount)))
    throw new UserFacingError(
      'exchange_mismatch',
      `The exchange quoted ${grouped(quote.give)} ${quote.from} for ${grouped(quote.receive)} ${quote.to}, which is not the convert asked for: nothing was converted. Ask for a quote again.`,
      'amount',
    );
  return {
    quoteId: quote.id,
    from: quote.from,
    to: quote.to,
    direction: asked.direction,
    give: quote.give,
    receive: quote.receive,
    rate: quote.rate,
    expiresAtMs: Math.min(quote.expireAt * 1000, askedAtMs + QUOTE_LIFE_MS),
  };
}

const two = (n: number) => String(n).padStart(2, '0');
/** "18:45:07" in this computer's time zone. */
function clock(ms: number): string {
  const d = new Date(ms);
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** Whole seconds left, rounded down: a quote with 0.9 s left says 0 s, never more than it has. */
export function secondsLeft(quote: Pick<ConvertQuoteView, 'expiresAtMs'>, nowMs: number): number {
  return Math.max(0, Math.floor((quote.expiresAtMs - nowMs) / 1000));
}

/** The refusal of a quote past its time: nothing was converted, a fresh quote is the person's to ask. */
export function quoteExpired(quote: Pick<ConvertQuoteView, 'expiresAtMs'>): UserFacingError {
  return new UserFacingError(
    'quote_expired',
    `The quote expired at ${clock(quote.expiresAtMs)}: nothing was converted. Ask for a fresh quote; its rate may differ.`,
    'quoteId',
  );
}

/**
 * Main's question before a convert: the quote's amounts both ways and its rate, and when it expires.
 * The dialog closes by itself then (`closesAtMs`), answered as not confirmed.
 */
export function convertQuestion(account: string, quote: ConvertQuoteView, nowMs: number): Confirmation {
  const give = `${grouped(quote.give)} ${quote.from}`;
  const receive = `${grouped(quote.receive)} ${quote.to}`;
  return {
    title: `Convert ${give} to ${receive}?`,
    facts: [
      { label: 'Account', value: account },
      { label: 'You give', value: give },
      { label: 'You receive', value: receive },
      { label: 'Rate', value: `1 ${quote.from} = ${grouped(quote.rate)} ${quote.to}` },
      {
        label: 'Quote expires',
        value: `at ${clock(quote.expiresAtMs)}, in ${String(secondsLeft(quote, nowMs))} s`,
      },
    ],
    action: 'Convert',
    warning: 'This question closes when the quote expires; a fresh quote may have another rate.',
    closesAtMs: quote.expiresAtMs,
  };
}

/** The exchange's refusals of a convert, which it words as translation keys, in a person's words. */
const REFUSALS: ReadonlyArray<{ key: RegExp; field: string; words: (p: Pair) => string }> = [
  {
    key: /validation\.balance/,
    field: 'amount',
    words: (p) => `The main balance does not cover the ${p.from} this convert gives: nothing was converted.`,
  },
  {
    key: /amountIsTooBig/,
    field: 'amount',
    words: () => "The amount is above the exchange's largest convert: convert less at a time.",
  },
  {
    key: /amount_too_small/,
    field: 'amount',
    words: (p) => `The amount is too small: what comes back would round to zero ${p.to}.`,
  },
  {
    key: /markets not available/i,
    field: 'to',
    words: (p) => `The exchange does not convert ${p.from} to ${p.to}.`,
  },
  {
    key: /quoteExpired/,
    field: 'quoteId',
    words: () =>
      'The quote expired before the exchange received the confirmation: nothing was converted. Ask for a fresh quote; its rate may differ.',
  },
  {
    key: /quoteInvalid|could not be found/i,
    field: 'quoteId',
    words: () =>
      'The exchange no longer holds this quote (used already, or unknown to it): nothing was converted at it. Ask for a fresh quote.',
  },
];

interface Pair {
  from: string;
  to: string;
}

/** A refusal of the exchange's convert endpoints as a person reads it; any other error as it is. */
export function convertRefusal(error: unknown, pair: Pair): unknown {
  if (!(error instanceof ExchangeError)) return error;
  const said = Object.values(error.fields).flat().join(' ');
  const known = REFUSALS.find((r) => r.key.test(said));
  if (!known) return error;
  const code = known.field === 'quoteId' && /expired/i.test(said) ? 'quote_expired' : 'invalid_input';
  return new UserFacingError(code, known.words(pair), known.field);
}
