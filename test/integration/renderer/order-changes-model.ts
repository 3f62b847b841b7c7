/**
 * Changing and cancelling resting orders as commands of the model-based ticket sequences, through the
 * open-orders manager of the Trade screen's dock: modify one of the account's open orders on the
 * ticket's market (its price, amount or activation price, near the market or far from it), cancel a
 * plain order, cancel a position's stop-loss leg (added first from the Positions form when the
 * position has none), and move a position's stop-loss toward the price or away from it (short of the
 * liquidation price). Main's question is confirmed or declined.
 *
 * Checked on what the sandbox received: what is signed is the change the person typed, on the order
 * they edited, and nothing else; nothing is signed when main's question was declined; a change clearly
 * beyond a guard (a price more than 10 % from every recent middle of the book, a value above 1.2 × the
 * ceiling) is signed only after main asked and the answer was yes; so is a position's stop-loss moved
 * away from the price (moved toward it, it goes unasked); a plain order is cancelled at once, a leg
 * only after main asked.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { OrderView, PositionView } from '../../../main/ipc/contract.ts';
import type { ReceivedRequest } from '../../../main/sandbox/index.ts';
import type { TxcApi } from '../../../renderer/src/lib/api.ts';
import {
  editableFields,
  type ActiveOrders,
  type ModifyField,
} from '../../../renderer/src/lib/managers/active-orders.svelte.ts';
import type { OrderTicket } from '../../../renderer/src/lib/managers/order-ticket.svelte.ts';
import type { ScriptedDesktop } from '../../support/desktop.ts';

export interface ChangesWorld {
  readonly desktop: ScriptedDesktop;
  readonly api: () => TxcApi;
  /** Every request the sandbox received (orders and their changes), oldest first. */
  readonly received: ReadonlyArray<{ request: ReceivedRequest }>;
  readonly midOf: (market: string) => number;
  /** The middles of the market's book over main's longest-kept reading. */
  readonly recentMids: (market: string) => number[];
  readonly markets: () => ReadonlyArray<{ name: string; tickSize: string; stepSize: string }>;
  readonly ceilingUsdt: number;
  readonly sent: () => void;
}

interface Held {
  ticket: OrderTicket;
  orders: ActiveOrders;
}

const WIRE: Record<ModifyField, { rest: string; ws: string }> = {
  price: { rest: 'price', ws: 'price' },
  amount: { rest: 'amount', ws: 'amount' },
  activationPrice: { rest: 'activationPrice', ws: 'activation_price' },
};

/** What the step did: its questions and the requests signed meanwhile (reads left out). */
async function watched(world: ChangesWorld, answer: boolean, act: () => Promise<unknown>) {
  const asked = world.desktop.confirmations.length;
  const from = world.received.length;
  world.desktop.confirmAnswer = answer;
  try {
    await act();
  } finally {
    world.desktop.confirmAnswer = true;
    world.sent();
  }
  return {
    questions: world.desktop.confirmations.length - asked,
    signed: world.received
      .slice(from)
      .map((r) => r.request)
      .filter((r) =>
        r.via === 'ws'
          ? r.path.endsWith('_place') || r.path.startsWith('order_')
          : r.path.startsWith('/api/v4/order/'),
      ),
  };
}

const orderIdOf = (r: ReceivedRequest) => Number(r.body['orderId'] ?? r.body['order_id']);

export function changeCommands<M extends { account: string }, R extends Held>(world: ChangesWorld) {
  const counts = { modified: 0, cancelled: 0, legsCancelled: 0, stopLossMoved: { away: 0, toward: 0 } };
  /** The open position whose stop-loss leg the order is, as the exchange lists the position's legs. */
  const stopLossOf = async (m: M, order: OrderView): Promise<{ long: boolean } | undefined> => {
    const positions = await world.api().positions.open({ accountId: m.account, market: order.market });
    const position = positions.ok
      ? positions.value.find((p) => p.tpsl?.some((l) => l.orderId === order.orderId))
      : undefined;
    const leg = position?.tpsl?.find((l) => l.orderId === order.orderId);
    return position && leg?.kind === 'stopLoss' ? { long: Number(position.amount) > 0 } : undefined;
  };
  const follow = async (m: M, r: R, market = r.ticket.fields.market): Promise<OrderView[]> => {
    r.orders.account = m.account;
    r.orders.market = market;
    await r.orders.load();
    return r.orders.orders;
  };

  const modify = fc
    .record({
      pick: fc.nat(),
      field: fc.constantFrom<ModifyField>('price', 'amount', 'activationPrice'),
      factor: fc.constantFrom(0.98, 1.02, 0.7, 1.3, 3),
      answer: fc.boolean(),
    })
    .map(({ pick, field, factor, answer }) => ({
      check: () => true,
      toString: () =>
        `modify an open order's ${field} (×${String(factor)}), ${answer ? 'confirming' : 'declining'}`,
      run: async (m: M, r: R) => {
        const open = (await follow(m, r)).filter((o) => editableFields(o).includes(field));
        const order = open[pick % Math.max(1, open.length)];
        if (!order) return;
        const market = world.markets().find((x) => x.name === order.market);
        const tick = Number(market?.tickSize || '0.01');
        const step = Number(market?.stepSize || '0.0001');
        const places = (n: number) => Math.max(0, -Math.floor(Math.log10(n)));
        const value =
          field === 'amount'
            ? Math.max(step, Math.round((Number(order.amount) * factor) / step) * step).toFixed(places(step))
            : (Math.round((world.midOf(order.market) * factor) / tick) * tick).toFixed(places(tick));
        const stopLoss = order.reduceOnly ? await stopLossOf(m, order) : undefined;
        r.orders.startModify(order);
        r.orders.applyModifyFix(field, value);
        const { questions, signed } = await watched(world, answer, () => r.orders.saveModify(order));
        expect(questions).toBeLessThanOrEqual(1);
        expect(signed.length).toBeLessThanOrEqual(1);
        if (questions === 1 && !answer) expect(signed).toEqual([]);
        const [request] = signed;
        if (!request) return;
        counts.modified++;
        // what is signed is the change typed, on the order edited, and nothing else
        const ws = request.via === 'ws';
        expect(request.path).toBe(ws ? 'order_modify' : '/api/v4/order/modify');
        expect(orderIdOf(request)).toBe(order.orderId);
        const wire = ws ? WIRE[field].ws : WIRE[field].rest;
        expect(request.body[wire]).toBe(value);
        for (const other of Object.values(WIRE))
          if ((ws ? other.ws : other.rest) !== wire)
            expect(request.body[ws ? other.ws : other.rest]).toBeUndefined();
        // nothing clearly beyond a guard without main's question answered yes (a leg asks no band)
        const mids = world.recentMids(order.market);
        const far =
          field !== 'amount' &&
          !order.reduceOnly &&
          mids.every((mid) => Math.abs(Number(value) / mid - 1) > 0.1);
        const price = Number(order.price ?? order.activation_price ?? 0);
        const worth =
          field === 'amount' && !order.reduceOnly && Number(value) * price > world.ceilingUsdt * 1.2;
        if (far || worth) expect({ asked: questions, answer }).toEqual({ asked: 1, answer: true });
        // a position's stop-loss moved away from the price (a long's lower, a short's higher) protects
        // less: signed only after main asked and the answer was yes; moved toward it, one step
        if (stopLoss) {
          const was = Number(order.activation_price ?? order.price);
          const away = stopLoss.long ? Number(value) < was : Number(value) > was;
          if (away) expect({ asked: questions, answer }).toEqual({ asked: 1, answer: true });
          else expect(questions).toBe(0);
          counts.stopLossMoved[away ? 'away' : 'toward']++;
        }
      },
    }));

  const cancel = fc.nat().map((pick) => ({
    check: () => true,
    toString: () => 'cancel a plain open order',
    run: async (m: M, r: R) => {
      const plain = (await follow(m, r)).filter((o) => !o.reduceOnly);
      const order = plain[pick % Math.max(1, plain.length)];
      if (!order) return;
      const { questions, signed } = await watched(world, false, () => r.orders.cancel(order));
      // one click: no question, the order cancelled
      expect(questions).toBe(0);
      expect(signed.map((s) => [s.path, orderIdOf(s)])).toEqual([['/api/v4/order/cancel', order.orderId]]);
      counts.cancelled++;
    },
  }));

  /** The account's BTC_PERP position, with a stop-loss added from the Positions form when it has none. */
  const withStopLoss = async (m: M): Promise<PositionView | undefined> => {
    const api = world.api();
    const read = async () => {
      const positions = await api.positions.open({ accountId: m.account, market: 'BTC_PERP' });
      return positions.ok ? positions.value.find((p) => Number(p.amount) !== 0) : undefined;
    };
    const position = await read();
    if (!position || position.tpsl?.some((l) => l.kind === 'stopLoss')) return position;
    const long = Number(position.amount) > 0;
    const mid = world.midOf('BTC_PERP');
    const stopLoss = (Math.round(mid * (long ? 0.95 : 1.05) * 10) / 10).toFixed(1);
    const added = await api.positions.addTpSl({ accountId: m.account, market: 'BTC_PERP', stopLoss });
    return added.ok ? read() : undefined;
  };

  const cancelLeg = fc.boolean().map((answer) => ({
    check: () => true,
    toString: () => `cancel a position's stop-loss, ${answer ? 'confirming' : 'declining'}`,
    run: async (m: M, r: R) => {
      if (!(await withStopLoss(m))) return;
      const legs = (await follow(m, r, 'BTC_PERP')).filter((o) => o.reduceOnly);
      const leg = legs[0];
      if (!leg) return;
      const { questions, signed } = await watched(world, answer, () => r.orders.cancel(leg));
      // a leg goes only through main's question
      expect(questions).toBe(1);
      if (!answer) expect(signed).toEqual([]);
      else {
        expect(signed.map((s) => [s.path, orderIdOf(s)])).toEqual([['/api/v4/order/cancel', leg.orderId]]);
        counts.legsCancelled++;
      }
    },
  }));

  const moveStopLoss = fc
    .record({ away: fc.boolean(), share: fc.constantFrom(0.25, 0.5, 0.9), answer: fc.boolean() })
    .map(({ away, share, answer }) => ({
      check: () => true,
      toString: () =>
        `move a position's stop-loss ${away ? 'away from' : 'toward'} the price (${String(share)} of the way), ${answer ? 'confirming' : 'declining'}`,
      run: async (m: M, r: R) => {
        const position = await withStopLoss(m);
        const leg = position?.tpsl?.find((l) => l.kind === 'stopLoss');
        if (!position || !leg) return;
        const order = (await follow(m, r, 'BTC_PERP')).find((o) => o.orderId === leg.orderId);
        const field = order ? editableFields(order)[0] : undefined;
        if (!order || !field) return;
        const long = Number(position.amount) > 0;
        const was = Number(order.activation_price ?? order.price);
        const mid = world.midOf('BTC_PERP');
        // toward: part of the way to the price; away: part of the way to the liquidation price
        // (or as far again, when the exchange gives none), on the same side
        const liquidation = Number(position.liquidationPrice ?? 0);
        const end = away ? (liquidation > 0 ? liquidation : long ? was * 0.9 : was * 1.1) : mid;
        // toward, at most halfway: the mark the rules read may stand a little off the book's middle
        const part = away ? share : share / 2;
        const value = (Math.round((was + (end - was) * part) * 10) / 10).toFixed(1);
        if (Number(value) === was || (long ? Number(value) >= mid : Number(value) <= mid)) return;
        if (liquidation > 0 && (long ? Number(value) <= liquidation : Number(value) >= liquidation)) return;
        r.orders.startModify(order);
        r.orders.applyModifyFix(field, value);
        const { questions, signed } = await watched(world, answer, () => r.orders.saveModify(order));
        const moved = signed.map((s) => [s.path, orderIdOf(s), s.body[WIRE[field].ws]]);
        if (away) {
          // it protects less: only through main's question, and only when answered yes
          expect(questions).toBe(1);
          expect(moved).toEqual(answer ? [['order_modify', order.orderId, value]] : []);
        } else {
          // it protects more: one step, the change typed on the leg edited
          expect(questions).toBe(0);
          expect(moved).toEqual([['order_modify', order.orderId, value]]);
        }
        if (moved.length > 0) counts.stopLossMoved[away ? 'away' : 'toward']++;
      },
    }));

  return { modify, cancel, cancelLeg, moveStopLoss, counts };
}
