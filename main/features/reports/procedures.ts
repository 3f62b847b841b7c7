/** The reports' procedures (`reports.*`), read offline from the archive for an account, a group or the desk. */
import { z } from 'zod';
import { accountId, procedure, type ProcedureDef } from '../../views/schemas.ts';
import type {
  ActivityReportView,
  EquityReportView,
  ExposureReportView,
  PnlReportView,
  PositionsReportView,
  TaxLotsView,
} from './views.ts';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2026-01-31')
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    {
      message: 'must be a real date',
    },
  );

/** Whose history a report reads, over which UTC days (both included). */
export const reportQuery = z
  .strictObject({
    of: z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('desk') }),
      z.strictObject({ kind: z.literal('account'), accountId }),
      z.strictObject({ kind: z.literal('group'), group: z.string().trim().min(1).max(64) }),
    ]),
    from: day,
    to: day,
  })
  .refine((q) => q.from <= q.to, { message: 'The first day must not be after the last', path: ['from'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 10 * 366 * 86_400_000, {
    message: 'A report covers at most ten years',
    path: ['to'],
  });
export type ReportQuery = z.output<typeof reportQuery>;

export const reportsProcedures = {
  'reports.pnl': procedure<PnlReportView>()(
    'Realized PnL by account, market and day, with trading fees and funding apart, from the archive.',
    reportQuery,
  ),
  'reports.activity': procedure<ActivityReportView>()(
    'Traded volume and fees by market and month, and funding paid and received, from the archive.',
    reportQuery,
  ),
  'reports.positions': procedure<PositionsReportView>()(
    "Closed positions with the exchange's own PnL beside the app's figure, and their win/loss.",
    reportQuery,
  ),
  'reports.equity': procedure<EquityReportView>()(
    'Equity and balance history from the balance snapshots, with deposits, withdrawals and transfers marked.',
    reportQuery,
  ),
  'reports.exposure': procedure<ExposureReportView>()(
    'Exposure and concentration by asset: balances and open positions valued at the last prices known.',
    reportQuery,
  ),
  'reports.exportCsv': procedure<{ file: string | null; rows: number }>()(
    'Writes a report as a CSV file chosen in a dialog.',
    z.strictObject({
      report: z.enum([
        'pnl',
        'activity',
        'funding',
        'positions',
        'equity',
        'balances',
        'markers',
        'exposure',
      ]),
      query: reportQuery,
    }),
  ),
  'reports.taxLots': procedure<TaxLotsView>()(
    'The FIFO or LIFO tax-lot report of the spot deals as a CSV file chosen in a dialog; runs in the background, progress as events.',
    z.strictObject({
      query: reportQuery,
      method: z.enum(['FIFO', 'LIFO']),
      feesDeductible: z.boolean(),
    }),
  ),
  'reports.cancel': procedure<boolean>()(
    'Stops a running tax-lot report; nothing is left at its file.',
    z.strictObject({ job: z.string().min(1).max(64) }),
  ),
} as const satisfies Record<string, ProcedureDef>;
