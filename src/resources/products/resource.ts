import { defineResource } from '../../domain/resources/types';
import {
  DURATION_MINUTES,
  MAX_PRICE_CENTS,
  PRODUCT_CATEGORIES,
  PRODUCT_KINDS,
  PRODUCTS_API,
  TAX_CODE_VALUES,
} from '../../domain/products/catalogue';

const USERS = ['USER'] as const;

/**
 * A general business user's products and services (product_catalogue, with add and
 * edit/{productOrServiceID}: USER only, product brief section 2). The brief's calls (section 7,
 * "Product or service: POST; PUT /{id} (multipart); DELETE /{id}; GET list; GET /{id}") read as
 * REST under /api/Business/products, the update a PUT that also takes the picture as multipart
 * (the engine's image field). A service needs its duration; category and tax code take their
 * options from the lists the lookups answer (src/domain/products/catalogue.ts).
 */
export default defineResource({
  name: 'products',
  table: { name: 'catalogue_items' },
  routes: {
    list: 'product_catalogue',
    create: 'product_catalogue/add',
    edit: 'product_catalogue/edit/:id',
    show: 'product_catalogue/:id',
  },
  menu: { icon: 'shop' },
  api: { base: PRODUCTS_API, update: { method: 'PUT', path: `${PRODUCTS_API}/:id`, id: 'path' } },
  access: { list: USERS, show: USERS, create: USERS, update: USERS, delete: USERS },
  tenant: true,
  titleField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  fields: {
    image: { type: 'image' },
    // One catalogue line per name: "Haircut" and "haircut" would be the same item twice (caseless).
    name: { type: 'string', required: true, min: 2, max: 120, unique: 'caseless', sortable: true, search: true },
    kind: { type: 'enum', options: PRODUCT_KINDS, required: true, defaultValue: 'service', filter: 'exact' },
    price: { type: 'money', required: true, max: MAX_PRICE_CENTS, sortable: true, filter: 'range' },
    durationMinutes: {
      type: 'integer',
      min: DURATION_MINUTES.min,
      max: DURATION_MINUTES.max,
      sortable: true,
      requiredWhen: { field: 'kind', values: ['service'], message: 'serviceNeedsDuration' },
    },
    category: { type: 'enum', options: PRODUCT_CATEGORIES, required: true, defaultValue: 'other', filter: 'exact' },
    taxCode: {
      type: 'enum',
      options: TAX_CODE_VALUES,
      required: true,
      defaultValue: 'general_services',
      list: 'hidden',
    },
    active: { type: 'boolean', defaultValue: true, filter: 'boolean' },
    description: { type: 'text', max: 2000, list: false },
  },
});
