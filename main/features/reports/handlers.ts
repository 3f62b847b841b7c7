/** IPC handlers of `reports.*`: each adapts its input to the reports service. */
import type { HandlersOf } from '../../views/schemas.ts';
import type { reportsProcedures } from './procedures.ts';
import type { ReportsService } from './service.ts';

type Handlers = HandlersOf<typeof reportsProcedures>;

type ReportProcedures = Extract<keyof Handlers, `reports.${string}`>;

export function reportsHandlers(reports: ReportsService): Pick<Handlers, ReportProcedures> {
  return {
    'reports.pnl': (query) => reports.pnl(query),
    'reports.activity': (query) => reports.activity(query),
    'reports.positions': (query) => reports.positions(query),
    'reports.equity': (query) => reports.equity(query),
    'reports.exposure': (query) => reports.exposure(query),
    'reports.exportCsv': ({ report, query }) => reports.exportCsv(report, query),
    'reports.taxLots': ({ query, method, feesDeductible }) => reports.taxLots(query, method, feesDeductible),
    'reports.cancel': ({ job }) => reports.cancel(job),
  };
}
