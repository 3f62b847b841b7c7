/** The exchange's webhook events in words, for the Events list. */

const METHOD_WORDS: Record<string, string> = {
  'withdraw.created': 'Withdrawal created',
  'withdraw.pending': 'Withdrawal pending',
  'withdraw.completed': 'Withdrawal completed',
  'withdraw.canceled': 'Withdrawal cancelled',
  'deposit.accepted': 'Deposit accepted',
  'deposit.processed': 'Deposit processed',
  'deposit.canceled': 'Deposit cancelled',
  'refund.successful': 'Refund made',
  'refund.failed': 'Refund failed',
  'code.apply': 'Code applied',
};

/** "Withdrawal created" for `withdraw.created`; an unknown method is shown as the exchange names it. */
export function methodWords(method: string): string {
  return METHOD_WORDS[method] ?? method;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** The facts of a webhook's params in words: "11 USDT · fee 1 · to 0xfeed · id bridge-hook-1". */
export function webhookWords(params: unknown): string {
  if (typeof params !== 'object' || params === null) return '';
  const p = params as Record<string, unknown>;
  const parts: string[] = [];
  const amount = text(p['amount']);
  const ticker = text(p['ticker']) ?? text(p['currency']);
  if (amount) parts.push(ticker ? `${amount} ${ticker}` : amount);
  const fee = text(p['fee']);
  if (fee && !/^0*(\.0*)?$/.test(fee)) parts.push(`fee ${fee}`);
  const address = text(p['address']);
  if (address) parts.push(`address ${address}`);
  const network = text(p['network']);
  if (network) parts.push(`network ${network}`);
  const unique = text(p['uniqueId']);
  if (unique) parts.push(`id ${unique}`);
  const code = text(p['code']);
  if (code) parts.push(`code ${code}`);
  return parts.join(' · ');
}
