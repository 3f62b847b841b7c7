/**
 * The Reports screen's grids: realized PnL by account, market and day; volume and fees by market and
 * month; funding; closed positions beside the exchange's own PnL; exposure by asset; the balance
 * markers. Amounts are main's exact decimal strings, written by the grid's one number formatter.
 */
import type {
  ActivityRow,
  ClosedPositionView,
  EquityMarker,
  ExposureAssetView,
  FundingRow,
  PnlFigures,
} from '../../../../main/ipc/contract.ts';
import type { GridColumn } from '../../lib/managers/data-grid.svelte.ts';
import { MARKER_WORDS, percentOf } from '../../lib/format/report-words.ts';

/** An account's name by its id. */
export type LabelOf = (accountId: string) => string;

export type PnlByAccount = PnlFigures & { account: string };
export type PnlByMarket = PnlFigures & { market: string; unmatched: string };
export type PnlByDay = PnlFigures & { day: string };

/** The figures every PnL row has, after the columns that name it. */
function pnlFigures<R extends PnlFigures>(): GridColumn<R>[] {
  return [
    { id: 'quote', title: 'In', kind: 'text', value: (r) => r.quote },
    { id: 'deals', title: 'Deals', kind: 'decimal', value: (r) => String(r.deals) },
    { id: 'volume', title: 'Volume', kind: 'decimal', value: (r) => r.volume },
    { id: 'realized', title: 'Realized', kind: 'decimal', value: (r) => r.realized, signed: true },
    { id: 'fees', title: 'Trading fees', kind: 'decimal', value: (r) => r.fees },
    { id: 'funding', title: 'Funding', kind: 'decimal', value: (r) => r.funding, signed: true },
    { id: 'net', title: 'Net', kind: 'decimal', value: (r) => r.net, signed: true },
  ];
}

export function pnlByAccountColumns(label: LabelOf): GridColumn<PnlByAccount>[] {
  return [{ id: 'account', title: 'Account', kind: 'text', value: (r) => label(r.account) }, ...pnlFigures()];
}

export function pnlByMarketColumns(): GridColumn<PnlByMarket>[] {
  return [
    { id: 'market', title: 'Market', kind: 'text', value: (r) => r.market },
    ...pnlFigures<PnlByMarket>(),
    {
      id: 'unmatched',
      title: 'Sold without known cost',
      kind: 'decimal',
      value: (r) => r.unmatched,
      hint: () =>
        'Sold with no purchase in the archive (bought before it begins, or deposited): counted at no gain.',
    },
  ];
}

export function pnlByDayColumns(): GridColumn<PnlByDay>[] {
  return [{ id: 'day', title: 'Day (UTC)', kind: 'text', value: (r) => r.day }, ...pnlFigures<PnlByDay>()];
}

export function volumeColumns(): GridColumn<ActivityRow>[] {
  return [
    { id: 'month', title: 'Month', kind: 'text', value: (r) => r.month },
    { id: 'market', title: 'Market', kind: 'text', value: (r) => r.market },
    { id: 'deals', title: 'Deals', kind: 'decimal', value: (r) => String(r.deals) },
    { id: 'bought', title: 'Bought', kind: 'decimal', value: (r) => r.bought },
    { id: 'sold', title: 'Sold', kind: 'decimal', value: (r) => r.sold },
    { id: 'boughtValue', title: 'Buy value', kind: 'decimal', value: (r) => r.boughtValue },
    { id: 'soldValue', title: 'Sell value', kind: 'decimal', value: (r) => r.soldValue },
    { id: 'volume', title: 'Volume', kind: 'decimal', value: (r) => r.volume },
    { id: 'quote', title: 'In', kind: 'text', value: (r) => r.quote },
    {
      id: 'feesValue',
      title: 'Fees',
      kind: 'decimal',
      value: (r) => r.feesValue,
      hint: (r) => `Fees in ${r.quote}, those charged in the base asset valued at their deal's price.`,
    },
    {
      id: 'feesQuote',
      title: 'Fees charged in quote',
      kind: 'decimal',
      value: (r) => r.feesQuote,
      hidden: true,
    },
    { id: 'feesBase', title: 'Fees charged in base', kind: 'decimal', value: (r) => r.feesBase },
  ];
}

export function fundingColumns(label: LabelOf): GridColumn<FundingRow>[] {
  return [
    { id: 'month', title: 'Month', kind: 'text', value: (r) => r.month },
    { id: 'account', title: 'Account', kind: 'text', value: (r) => label(r.account) },
    { id: 'market', title: 'Market', kind: 'text', value: (r) => r.market },
    { id: 'payments', title: 'Payments', kind: 'decimal', value: (r) => String(r.payments) },
    { id: 'paid', title: 'Paid', kind: 'decimal', value: (r) => r.paid },
    { id: 'received', title: 'Received', kind: 'decimal', value: (r) => r.received },
    { id: 'net', title: 'Net', kind: 'decimal', value: (r) => r.net, signed: true },
    { id: 'quote', title: 'In', kind: 'text', value: (r) => r.quote },
  ];
}

const SIDES: Record<string, string> = { BOTH: 'one-way', LONG: 'long', SHORT: 'short' };

export function closedPositionColumns(label: LabelOf): GridColumn<ClosedPositionView>[] {
  return [
    { id: 'closed', title: 'Closed', kind: 'time', value: (p) => p.closedAt * 1000 },
    { id: 'account', title: 'Account', kind: 'text', value: (p) => label(p.account) },
    { id: 'market', title: 'Market', kind: 'text', value: (p) => p.market },
    {
      id: 'position',
      title: 'Position',
      kind: 'text',
      value: (p) => (p.positionId === null ? '' : `#${String(p.positionId)}`),
    },
    {
      id: 'side',
      title: 'Side',
      kind: 'text',
      value: (p) => SIDES[p.side] ?? p.side.toLowerCase(),
      hidden: true,
    },
    {
      id: 'exchange',
      title: 'Exchange PnL',
      kind: 'decimal',
      value: (p) => p.exchangeGross ?? 'not in archive',
      signed: true,
      hint: () => "The exchange's own closed-position PnL, trading fees deducted.",
    },
    {
      id: 'app',
      title: 'App PnL',
      kind: 'decimal',
      value: (p) => p.appGross ?? 'no deals',
      signed: true,
      hint: () => "The app's figure from the archived deals: realized less trading fees.",
    },
    {
      id: 'difference',
      title: 'Difference',
      kind: 'decimal',
      value: (p) => p.difference ?? '–',
      signed: true,
      hint: (p) => p.note ?? 'Exchange PnL less the app’s.',
    },
    {
      id: 'exchangeNet',
      title: 'Exchange net',
      kind: 'decimal',
      value: (p) => p.exchangeNet ?? '–',
      signed: true,
      hint: () => "The exchange's PnL with funding too.",
    },
    { id: 'quote', title: 'In', kind: 'text', value: (p) => p.quote },
    { id: 'note', title: 'Note', kind: 'text', value: (p) => p.note ?? '' },
  ];
}

const PRICE_FROM: Record<NonNullable<ExposureAssetView['priceFrom']>, string> = {
  mark: 'mark price',
  index: 'index price',
  'last deal': 'last deal',
  stable: 'stable coin',
};

export function exposureColumns(label: LabelOf): GridColumn<ExposureAssetView>[] {
  return [
    { id: 'asset', title: 'Asset', kind: 'text', value: (a) => a.asset },
    { id: 'holdings', title: 'Holdings', kind: 'decimal', value: (a) => a.holdings },
    { id: 'positions', title: 'Positions', kind: 'decimal', value: (a) => a.positions, signed: true },
    { id: 'net', title: 'Net', kind: 'decimal', value: (a) => a.net, signed: true },
    { id: 'price', title: 'Price (USDT)', kind: 'decimal', value: (a) => a.price ?? 'no price' },
    {
      id: 'priceFrom',
      title: 'Priced by',
      kind: 'text',
      value: (a) => (a.priceFrom ? PRICE_FROM[a.priceFrom] : ''),
    },
    { id: 'value', title: 'Value (USDT)', kind: 'decimal', value: (a) => a.value ?? '–' },
    { id: 'share', title: 'Share', kind: 'text', value: (a) => percentOf(a.share) },
    { id: 'accounts', title: 'Accounts', kind: 'decimal', value: (a) => String(a.accounts) },
    {
      id: 'top',
      title: 'Largest holder',
      kind: 'text',
      value: (a) => (a.topAccount === null ? '' : `${label(a.topAccount)} (${percentOf(a.topAccountShare)})`),
    },
  ];
}

export function markerColumns(label: LabelOf): GridColumn<EquityMarker>[] {
  return [
    { id: 'time', title: 'Time', kind: 'time', value: (m) => m.time * 1000 },
    { id: 'account', title: 'Account', kind: 'text', value: (m) => label(m.account) },
    { id: 'kind', title: 'What', kind: 'text', value: (m) => MARKER_WORDS[m.kind] },
    {
      id: 'amount',
      title: 'Amount',
      kind: 'decimal',
      value: (m) =>
        m.kind === 'withdrawal' || m.kind === 'transfer-out' ? `-${m.amount.replace(/^-/, '')}` : m.amount,
      signed: true,
    },
    { id: 'ticker', title: 'Asset', kind: 'text', value: (m) => m.ticker },
  ];
}
