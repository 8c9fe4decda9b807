/** /admin/demand: demand review — filters, totals per listing, qualification, CSV export (staff). */
export { DemandScreen as default } from '../../src/features/ops/demand-screen';
