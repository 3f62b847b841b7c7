/**
 * The nine sections of the left rail, in order, with the words shown until each view is built: what
 * will appear there, never a claim that there is no data.
 */
export interface Section {
  readonly id: SectionId;
  readonly label: string;
  /** Heading of the section's empty state. */
  readonly emptyTitle: string;
  /** What will appear there, in plain words. */
  readonly emptyText: string;
}

export const sectionIds = [
  'accounts',
  'trade',
  'positions',
  'history',
  'wallet',
  'sub-accounts',
  'mining',
  'events',
  'settings',
] as const;

export type SectionId = (typeof sectionIds)[number];

export const sections: readonly Section[] = [
  {
    id: 'accounts',
    label: 'Accounts',
    emptyTitle: 'Accounts will be listed here',
    emptyText: 'Your main account and its sub-accounts, with balances, connection and key status.',
  },
  {
    id: 'trade',
    label: 'Trade',
    emptyTitle: 'The order ticket will appear here',
    emptyText:
      'Limit, market and stop orders checked as you type, the depth and last trades of the market, and your active orders.',
  },
  {
    id: 'positions',
    label: 'Positions',
    emptyTitle: 'Open positions will appear here',
    emptyText: 'With mark price, liquidation price and ADL rank, updating live.',
  },
  {
    id: 'history',
    label: 'History',
    emptyTitle: 'Executed deals will appear here',
    emptyText: 'The cached history of every account, with filters, totals and CSV export, readable offline.',
  },
  {
    id: 'wallet',
    label: 'Wallet',
    emptyTitle: 'Balances will appear here',
    emptyText: 'Available and frozen balances, pending deposits, withdrawals and conversions.',
  },
  {
    id: 'sub-accounts',
    label: 'Sub-accounts',
    emptyTitle: 'Sub-accounts will be listed here',
    emptyText: 'Sub-accounts of the main account, transfers between them and their API key permissions.',
  },
  {
    id: 'mining',
    label: 'Mining',
    emptyTitle: 'Mining will appear here',
    emptyText: 'Mining accounts, their workers online and offline, and rewards.',
  },
  {
    id: 'events',
    label: 'Events',
    emptyTitle: 'Events will appear here',
    emptyText:
      'Webhook and stream events as they arrive, with desktop notifications for fills, deposits, withdrawals and workers going offline.',
  },
  {
    id: 'settings',
    label: 'Settings',
    emptyTitle: 'Settings',
    emptyText: 'Theme and keyboard shortcuts.',
  },
];

export function isSectionId(value: unknown): value is SectionId {
  return typeof value === 'string' && (sectionIds as readonly string[]).includes(value);
}

export function sectionById(id: SectionId): Section {
  const section = sections.find((s) => s.id === id);
  if (!section) throw new Error(`unknown section ${id}`);
  return section;
}
