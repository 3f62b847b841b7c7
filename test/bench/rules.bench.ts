// rules.check_order_us: p50 of one checkOrder call on a typical limit order (the rules run on every
// keystroke in the order ticket). rules.check_failing_order_us: the same for an order that fails
// several rules and needs nearest values. Baseline: parsing the order's two decimals alone.
import { Decimal } from 'decimal.js';
import { checkOrder, type MarketRules, type OrderDraft } from '../../main/rules/index.ts';
import { percentile, ratio, sampleMicros, type Bench } from './harness.ts';

const SAMPLES = 20_000;

const MARKET: MarketRules = {
  name: 'BTC_USDT',
  stockPrec: 6,
  moneyPrec: 2,
  minAmount: '0.0001',
  minTotal: '5',
  maxTotal: '1000000',
  tickSize: '0.01',
  stepSize: '0.0001',
};

const VALID: OrderDraft = {
  kind: 'limit',
  market: 'BTC_USDT',
  side: 'buy',
  amount: '0.0153',
  price: '64250.51',
  clientOrderId: 'desk-7f3a.01',
  stp: 'cb',
};

const FAILING: OrderDraft = { ...VALID, amount: '0.00001234', price: '64250.517', rpi: true, ioc: true };

const bench: Bench = {
  name: 'rules',
  async run() {
    if (checkOrder(VALID, MARKET).length !== 0) throw new Error('the valid order must pass');
    if (checkOrder(FAILING, MARKET).length < 3) throw new Error('the failing order must fail');
    const base = percentile(
      await sampleMicros(() => new Decimal(VALID.amount).mul(new Decimal(VALID.price ?? '0')), SAMPLES),
      50,
    );
    const valid = await sampleMicros(() => checkOrder(VALID, MARKET), SAMPLES);
    const failing = await sampleMicros(() => checkOrder(FAILING, MARKET), SAMPLES);
    const p50 = percentile(valid, 50);
    const p50f = percentile(failing, 50);
    return [
      {
        name: 'rules.check_order_us',
        value: Number(p50.toFixed(2)),
        unit: 'us',
        baseline: Number(base.toFixed(2)),
        note: `p50 of ${String(SAMPLES)} checkOrder calls on a passing limit order (p99 ${percentile(valid, 99).toFixed(1)} us); baseline: amount x price in decimal.js; ${ratio(p50, base)}`,
      },
      {
        name: 'rules.check_failing_order_us',
        value: Number(p50f.toFixed(2)),
        unit: 'us',
        baseline: Number(base.toFixed(2)),
        note: `p50 of ${String(SAMPLES)} checkOrder calls on an order failing 4 rules with nearest values (p99 ${percentile(failing, 99).toFixed(1)} us); ${ratio(p50f, base)}`,
      },
    ];
  },
};

export default bench;
