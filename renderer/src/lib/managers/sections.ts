/** The nine sections of the left rail, in order, with the words of their empty states. */
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
    emptyTitle: 'No accounts yet',
    emptyText:
      'Your main account and its sub-accounts will be listed here, with balances, connection and key status, once an API key is added.',
  },
  {
    id: 'trade',
    label: 'Trade',
    emptyTitle: 'No market open',
    emptyText:
      'The order ticket, the depth and last trades of a market, and your active orders will appear here once an account is connected.',
  },
  {
    id: 'positions',
    label: 'Positions',
    emptyTitle: 'No positions to show',
    emptyText:
      'Open positions with mark price, liquidation price and ADL rank will appear here once an account is connected.',
  },
  {
    id: 'history',
    label: 'History',
    emptyTitle: 'No history cached yet',
    emptyText:
      'Executed deals will appear here after the first sync of an account, and stay readable offline.',
  },
  {
    id: 'wallet',
    label: 'Wallet',
    emptyTitle: 'No balances yet',
    emptyText: 'Balances, pending deposits and withdrawals will appear here once an account is connected.',
  },
  {
    id: 'sub-accounts',
    label: 'Sub-accounts',
    emptyTitle: 'No sub-accounts yet',
    emptyText:
      'Sub-accounts of the main account, transfers between them and their API key permissions will appear here.',
  },
  {
    id: 'mining',
    label: 'Mining',
    emptyTitle: 'No mining accounts yet',
    emptyText: 'Mining accounts, their workers online and offline, and rewards will appear here.',
  },
  {
    id: 'events',
    label: 'Events',
    emptyTitle: 'No events yet',
    emptyText: 'Webhook and stream events will appear here as they arrive.',
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
