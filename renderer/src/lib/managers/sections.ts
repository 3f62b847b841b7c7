/** The thirteen sections of the left rail, in order; the Board is the home screen. */
export interface Section {
  readonly id: SectionId;
  readonly label: string;
}

export const sectionIds = [
  'board',
  'accounts',
  'trade',
  'positions',
  'history',
  'reports',
  'wallet',
  'sub-accounts',
  'mining',
  'events',
  'approvals',
  'team',
  'settings',
] as const;

export type SectionId = (typeof sectionIds)[number];

export const sections: readonly Section[] = [
  {
    id: 'board',
    label: 'Board',
  },
  {
    id: 'accounts',
    label: 'Accounts',
  },
  {
    id: 'trade',
    label: 'Trade',
  },
  {
    id: 'positions',
    label: 'Positions',
  },
  {
    id: 'history',
    label: 'History',
  },
  {
    id: 'reports',
    label: 'Reports',
  },
  {
    id: 'wallet',
    label: 'Wallet',
  },
  {
    id: 'sub-accounts',
    label: 'Sub-accounts',
  },
  {
    id: 'mining',
    label: 'Mining',
  },
  {
    id: 'events',
    label: 'Events',
  },
  {
    id: 'approvals',
    label: 'Approvals',
  },
  {
    id: 'team',
    label: 'Team',
  },
  {
    id: 'settings',
    label: 'Settings',
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
