/**
 * The words a person reads for each order field a rule names. Issues keep the field key (`stopLoss`)
 * for the form to point at; their messages use these labels ("Stop-loss"), never the key.
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  market: 'Market',
  kind: 'Order type',
  side: 'Side',
  amount: 'Amount',
  price: 'Price',
  activation_price: 'Activation price',
  stop_limit_price: 'Stop-limit price',
  stopLoss: 'Stop-loss',
  takeProfit: 'Take-profit',
  postOnly: 'Post-only',
  ioc: 'Immediate-or-cancel',
  rpi: 'Retail price improvement (RPI)',
  retail: 'Retail',
  bboRole: 'Best-price role',
  stp: 'Self-trade prevention',
  clientOrderId: 'Client order id',
  positionSide: 'Position side',
  reduceOnly: 'Reduce-only',
  leverage: 'Leverage',
  // a ladder of limit orders
  lowPrice: 'Lowest price',
  highPrice: 'Highest price',
  orderCount: 'Number of orders',
  totalAmount: 'Total amount',
};

/** The label of a rule field; an unknown key is split into words ("someField" -> "Some field"). */
export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}
