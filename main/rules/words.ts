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
