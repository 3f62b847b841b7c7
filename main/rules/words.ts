/** Numbers and markets as a person reads them in the rules' and guards' messages. */
import type { Dec } from './decimal.ts';

/** "64250.5" -> "64,250.5". */
export function grouped(value: Dec | string): string {
  const text = typeof value === 'string' ? value : value.toFixed();
  const [int = '', frac] = text.split('.');
  const withCommas = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? withCommas : `${withCommas}.${frac}`;
}

/** Base and quote of `BTC_USDT`; a perpetual (`BTC_PERP`) is priced and valued in USDT. */
export function marketAssets(market: string | undefined): { base: string; quote: string } {
  const [base = market ?? '', quote = ''] = (market ?? '').split('_');
  return { base, quote: quote === 'PERP' ? 'USDT' : quote };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** "14:02" on the day of `now`, "12 Mar 14:02" on another day (this computer's time zone). */
export function clockWords(ms: number, now: number = Date.now()): string {
  const d = new Date(ms);
  const time = `${two(d.getHours())}:${two(d.getMinutes())}`;
  if (new Date(now).toDateString() === d.toDateString()) return time;
  return `${String(d.getDate())} ${MONTHS[d.getMonth()] ?? ''} ${time}`;
}
