/**
 * Quotes of moving businesses (product brief section 2, MOVER). The quote is a declared resource (src/resources/quotes:
 * list, add, one, edit, delete with its inventory and number by the engine); this area adds what a
 * declaration cannot say: the computed total and expiry, send, and the customer's public page
 * with accept (booking + invoice in one transaction) and decline.
 */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { registerComputedFields } from '../../resources/computed-fields';
import { computedQuotes } from './queries';
import quoteRoutes from './quote-routes';

const quotesModule: FastifyPluginAsyncZod = async (app) => {
  registerComputedFields('quotes', computedQuotes);
  await app.register(quoteRoutes);
};
export default quotesModule;
