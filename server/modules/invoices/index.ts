/**
 * The invoices module's face: what other modules and the rest of the server use of it — business
 * days, the invoices resource and the invoice settings, for quotes. Anything else in this folder
 * is the module's own, but for its tables.ts, whose readers the table-owners rule checks
 * (docs/architecture.md, "Where an area's files go").
 */
export { businessDays, invoicesResource } from './queries';
export { readInvoiceSettings } from './settings-service';
