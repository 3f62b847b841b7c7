/**
 * This computer's clock against the exchange's, in words: a signed request's nonce is this computer's
 * time in ms, and the exchange refuses one more than `NONCE_WINDOW_MS` off its own clock (nonce.ts).
 */
import { NONCE_WINDOW_MS } from '../../exchange/nonce.ts';
import type { ClockView } from '../../views/connection.ts';

/**
 * Past this offset a signed request may be refused: the exchange's time comes in whole seconds (half
 * a second either way), and a nonce may lead this computer's clock by up to a second after a restart.
 */
export const RISKY_OFFSET_MS = 2_000;

/**
 * The offset of one reading of `public/time`: the exchange's whole second, taken at its middle,
 * against the middle of the request's round trip on this computer's clock.
 */
export function offsetOf(serverMs: number, sentMs: number, answeredMs: number): number {
  return Math.round(serverMs + 500 - (sentMs + answeredMs) / 2);
}

const seconds = (ms: number): string => `${(Math.abs(ms) / 1000).toFixed(1)} s`;

export function clockView(offsetMs: number, checkedMs: number): ClockView {
  const size = Math.abs(offsetMs);
  const window = seconds(NONCE_WINDOW_MS).replace('.0', '');
  const fix = 'Turn on automatic date and time in the system settings of this computer.';
  if (size < RISKY_OFFSET_MS)
    return {
      offsetMs,
      checkedMs,
      level: 'ok',
      message: `This computer's clock is within ${seconds(Math.max(size, 100))} of the exchange's: signed requests are on time.`,
    };
  const way = `This computer's clock is ${seconds(offsetMs)} ${offsetMs > 0 ? 'behind' : 'ahead of'} the exchange's`;
  if (size < NONCE_WINDOW_MS)
    return {
      offsetMs,
      checkedMs,
      level: 'risky',
      message: `${way}. The exchange refuses a signed request more than ${window} off its clock, so some orders and reads may be refused. ${fix}`,
    };
  return {
    offsetMs,
    checkedMs,
    level: 'refused',
    message: `${way}, more than the ${window} the exchange allows: it refuses every signed request (orders, balances, transfers). ${fix}`,
  };
}
