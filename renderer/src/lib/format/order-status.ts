// How an order's status reads on screen: the exchange's own cancels say why, in words.

const WORDS: Readonly<Record<string, string>> = {
  FILLED: 'Filled',
  PARTIALLY_FILLED: 'Partly filled',
  CANCELED: 'Cancelled',
  CANCELED_TAKER_BAND: 'Cancelled: rest beyond the price band',
  AUTO_CANCELED_REDUCE_ONLY: 'Cancelled: its position closed or reversed',
  AUTO_CANCELED_LIQUIDATION: 'Cancelled: position liquidated',
  CANCELED_STP: 'Cancelled: self-trade prevention',
  MAINTENANCE: 'Cancelled: market maintenance',
  NEW: 'Open',
};

/** "Cancelled: its position closed or reversed" for AUTO_CANCELED_REDUCE_ONLY; other statuses in words. */
export function orderStatusWords(status: string | undefined): string {
  const s = (status ?? '').trim();
  if (!s) return '';
  return (
    WORDS[s.toUpperCase()] ??
    s
      .toLowerCase()
      .replaceAll('_', ' ')
      .replace(/^\w/, (c) => c.toUpperCase())
  );
}
