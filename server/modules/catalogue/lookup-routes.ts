/**
 * The catalogue's lookups (the product brief, section 7: "Lookups: GET states, categories, time
 * zones" and "GET tax codes"): fixed lists, the same for every business, that the products'
 * category and tax code fields take their options from (src/domain/products/catalogue.ts).
 * Categories are public like the states; tax codes need a signed-in caller.
 */
import { z } from 'zod';
import {
  CATALOGUE_LOOKUPS_API,
  CATEGORY_NAMES,
  PRODUCT_CATEGORIES,
  TAX_CODES,
} from '../../../src/domain/products/catalogue';
import { errorResponses, okList } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';

const tags = ['Lookups'];
const categorySchema = z.object({ value: z.string(), name: z.string() });
const taxCodeSchema = z.object({ code: z.string(), name: z.string() });

const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    CATALOGUE_LOOKUPS_API.categories,
    {
      schema: {
        tags,
        summary: 'Categories of products and services (value, English name)',
        response: { 200: okList(categorySchema), 400: errorResponses[400] },
      },
      config: { access: 'public' },
    },
    async () => ({ result: PRODUCT_CATEGORIES.map((value) => ({ value, name: CATEGORY_NAMES[value] })) }),
  );

  app.get(
    CATALOGUE_LOOKUPS_API.taxCodes,
    {
      schema: {
        tags,
        summary: 'Sales-tax codes a product or service may carry (code, English name)',
        response: { 200: okList(taxCodeSchema), ...errorResponses },
      },
      config: { access: { roles: 'any' } },
    },
    async () => ({ result: TAX_CODES.map(({ code, name }) => ({ code, name })) }),
  );
};
export default lookupRoutes;
