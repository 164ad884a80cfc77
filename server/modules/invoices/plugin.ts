/**
 * Invoices of moving businesses (product brief section 2, MOVER). The invoice is a declared resource
 * (src/resources/invoices: list, add, one, edit, delete with its lines and its number by the
 * engine); this area adds what a declaration cannot say: the computed totals and overdue, send,
 * mark paid, void, the payment link, the PDF, and the invoice settings.
 */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { registerComputedFields } from '../../resources/computed-fields';
import { onPaymentLinkPaid } from '../payments';
import { markPaidByLink } from './invoice-service';
import invoiceRoutes from './invoice-routes';
import { computedInvoices } from './queries';
import settingsRoutes from './settings-routes';

const invoicesModule: FastifyPluginAsyncZod = async (app) => {
  registerComputedFields('invoices', computedInvoices);
  onPaymentLinkPaid(markPaidByLink);
  await app.register(invoiceRoutes);
  await app.register(settingsRoutes);
};
export default invoicesModule;
