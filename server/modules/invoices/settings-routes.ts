/**
 * Invoice settings (product brief section 7, "Invoice settings: POST; GET /{id}"): POST stores the
 * caller's business's settings; GET /{id} reads a business's settings by its id — the caller's
 * own only (another business's answers 404). Movers only.
 */
import { z } from 'zod';
import { INVOICE_SETTINGS_API, invoiceSettingsErrors } from '../../../src/domain/invoices/invoices';
import { invoiceSettingsAnswer as settingsView } from '../../../src/domain/invoices/wire';
import { caller } from '../../auth/access';
import { notFound, ValidationError } from '../../http/errors';
import { errorResponses, ok } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { readInvoiceSettings, saveInvoiceSettings } from './settings-service';

const MOVERS = { access: { roles: ['MOVER' as const], tenant: true } };
const tags = ['Invoices'];

// Documented here; checked by the shared rule (invoiceSettingsErrors) so the form's messages come back.
const settingsBody = z
  .object({
    numberPattern: z.unknown().meta({ type: 'string', example: 'INV-{YYYY}-{####}' }),
    nextNumber: z.unknown().meta({ type: 'integer', minimum: 1 }),
    defaultDueDays: z.unknown().meta({ type: 'integer', minimum: 0, maximum: 365 }),
    defaultTaxRate: z.unknown().meta({ type: 'number', minimum: 0, maximum: 100, example: 8.875 }),
    footer: z.unknown().optional().meta({ type: 'string', nullable: true }),
  })
  .catchall(z.unknown());

const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    INVOICE_SETTINGS_API,
    {
      schema: {
        tags,
        summary:
          "Store my business's invoice settings (number pattern and next number, default due days and tax rate, footer)",
        body: settingsBody,
        response: { 200: ok(settingsView), ...errorResponses },
      },
      config: MOVERS,
    },
    async (request) => {
      const body = { footer: null, ...request.body };
      const errors = invoiceSettingsErrors(body);
      if (errors) throw new ValidationError(errors);
      const auth = caller(request);
      return { result: await saveInvoiceSettings(app, auth.businessId!, body as never) };
    },
  );

  app.get(
    `${INVOICE_SETTINGS_API}/:id`,
    {
      schema: {
        tags,
        summary: "A business's invoice settings by the business id (my own business only)",
        params: z.object({ id: z.string() }),
        response: { 200: ok(settingsView), ...errorResponses },
      },
      config: MOVERS,
    },
    async (request) => {
      const auth = caller(request);
      if (request.params.id !== auth.businessId) throw notFound();
      return { result: await readInvoiceSettings(app.ctx.database.db, auth.businessId, app.ctx.now()) };
    },
  );
};
export default settingsRoutes;
