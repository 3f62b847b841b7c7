/**
 * The price lines a workspace chart draws over its candles: open orders, position entry, liquidation,
 * TP/SL, and the levels of armed price alerts.
 */
import type { AlertView, OrderView, PositionView } from '../../../../main/ipc/contract.ts';

export type LineKind = 'buy' | 'sell' | 'entry' | 'liquidation' | 'take-profit' | 'stop-loss' | 'alert';

export interface ChartLine {
  /** Exact price as the exchange gave it (the data attribute keeps it; the chart plots a number). */
  price: string;
  kind: LineKind;
  /** Short words on the price axis ("Buy 0.01", "Entry", "Liq."). */
  title: string;
}

const positive = (v: string | null | undefined): v is string =>
  !!v && /^\d*\.?\d+$/.test(v) && /[1-9]/.test(v);

/** Lines of the market's open orders, open positions (entry, liquidation, attached TP/SL) and armed price alerts. */
export function chartLines(
  market: string,
  orders: readonly OrderView[],
  positions: readonly PositionView[],
  alerts: readonly AlertView[] = [],
): ChartLine[] {
  const lines: ChartLine[] = [];
  for (const o of orders) {
    if (o.market !== market) continue;
    const verb = o.side === 'buy' ? 'Buy' : 'Sell';
    // an OCO's two legs say so: either one executing or cancelled takes the other
    const oco = o.oco ? ' OCO' : '';
    // a stop order waits at its trigger (an OCO's stop leg too), then rests at its price
    const trigger = positive(o.activation_price) ? o.activation_price : undefined;
    if (trigger) lines.push({ price: trigger, kind: o.side, title: `${verb} stop ${o.left}${oco}` });
    if (positive(o.price) && o.price !== trigger)
      lines.push({
        price: o.price,
        kind: o.side,
        title: `${verb} ${o.left}${trigger ? ' after stop' : ''}${oco}`,
      });
  }
  for (const p of positions) {
    if (p.market !== market) continue;
    if (positive(p.basePrice)) lines.push({ price: p.basePrice, kind: 'entry', title: `Entry ${p.amount}` });
    if (positive(p.liquidationPrice))
      lines.push({ price: p.liquidationPrice, kind: 'liquidation', title: 'Liq.' });
    for (const leg of p.tpsl ?? []) {
      if (!positive(leg.activationPrice)) continue;
      const tp = leg.kind === 'takeProfit';
      lines.push({
        price: leg.activationPrice,
        kind: tp ? 'take-profit' : 'stop-loss',
        title: tp ? 'TP' : 'SL',
      });
    }
  }
  for (const a of alerts)
    if (a.kind === 'price' && a.market === market && a.state === 'armed')
      lines.push({ price: a.price, kind: 'alert', title: `Alert ${a.direction}` });
  return lines;
}
