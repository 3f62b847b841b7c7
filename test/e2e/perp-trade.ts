/**
 * The Trade screen on BTC_PERP as the e2e files that trade the perpetual use it: one app session whose
 * main account is the sandbox's, the market priced at 64,000 before the tests; a page opened on the
 * market with that account's ticket; the ticket filled with each single collateral kind, or with an
 * OCO, as a person fills it.
 */
import type { Page } from 'playwright-core';
import { beforeAll, expect } from 'vitest';
import type { OrderView } from '../../main/ipc/contract.ts';
import { useAppSession, type AppSession, type OpenedPage } from './session.ts';

export const PERP = 'BTC_PERP';

export interface PerpSession {
  readonly app: AppSession;
  /** The sandbox main account's id, from the file's beforeAll on. */
  main(): string;
  /** Its open orders on BTC_PERP, as `orders.active` lists them. */
  open(): Promise<OrderView[]>;
  /** A fresh page on the Trade screen, BTC_PERP chosen, the main account's ticket shown. */
  openTrade(): Promise<OpenedPage>;
}

export function perpSession(): PerpSession {
  const app = useAppSession({ pollTimeout: 15_000 });
  let main = '';
  beforeAll(async () => {
    main = (await app.account('Sandbox main')).id;
    app.sandbox.control.setPrice(PERP, '64000');
  });
  return {
    app,
    main: () => main,
    open: () => app.call<OrderView[]>('orders.active', { accountId: main, market: PERP }),
    async openTrade() {
      const opened = await app.openPage('#/trade');
      const { page } = opened;
      await expect.poll(() => page.getByTestId('trade-market').inputValue()).toBe('BTC_USDT');
      await expect
        .poll(async () => (await page.getByTestId('trade-account').textContent()) ?? '')
        .toContain('Sandbox main');
      await page.getByTestId('trade-market').selectOption(PERP);
      return opened;
    },
  };
}

/** An OCO as a person fills it: sell 0.002 BTC at `price`, or at `stopLimit` once the price reaches `trigger`. */
export async function fillOco(page: Page, legs: { price: string; trigger: string; stopLimit: string }) {
  await page.getByTestId('ticket-kind').selectOption('collateral_oco');
  await page.getByTestId('side-sell').check();
  await page.getByTestId('ticket-amount').fill('0.002');
  await page.getByTestId('ticket-price').fill(legs.price);
  await page.getByTestId('ticket-activation').fill(legs.trigger);
  await page.getByTestId('ticket-stop-limit-price').fill(legs.stopLimit);
}

/** The single collateral kinds (buys of 0.002 BTC around 64,000), each with the fields a person fills. */
const SINGLE_KINDS: Array<[string, Record<string, string>]> = [
  ['collateral_limit', { 'ticket-price': '63500' }],
  ['collateral_stop_limit', { 'ticket-price': '64600', 'ticket-activation': '64500' }],
  ['collateral_trigger_market', { 'ticket-activation': '64500' }],
];

/**
 * Fills the ticket with each collateral kind in turn (limit, stop-limit, trigger-market, then a sell
 * OCO at 65,000 or 62,900 once the price reaches 63,000) until it may be sent, and calls `look` with
 * the kind each time. The OCO is left in the ticket.
 */
export async function fillEachKind(page: Page, look: (kind: string) => Promise<void>): Promise<void> {
  const ready = () => expect.poll(() => page.getByTestId('ticket-submit').isDisabled()).toBe(false);
  for (const [kind, fields] of SINGLE_KINDS) {
    await page.getByTestId('ticket-kind').selectOption(kind);
    await page.getByTestId('side-buy').check();
    await page.getByTestId('ticket-amount').fill('0.002');
    for (const [id, value] of Object.entries(fields)) await page.getByTestId(id).fill(value);
    await ready();
    await look(kind);
  }
  await fillOco(page, { price: '65000', trigger: '63000', stopLimit: '62900' });
  await ready();
  await look('collateral_oco');
}
