/** A tax-lot report as it moves on (the `reports.progress` event; the reports feature runs it). */
export interface TaxLotsProgressView {
  job: string;
  deals: number;
  total: number;
}
