/**
 * A general business user's catalogue of products and services (product_catalogue; the product
 * brief, section 7: "Product or service: POST; PUT /{id} (multipart); DELETE /{id}; GET list;
 * GET /{id}", and the lookups "GET categories" and "GET tax codes").
 *
 * Reading of the lookups: the brief lists categories beside states and time zones ("Lookups: GET
 * states, categories, time zones") and tax codes beside other account-wide calls, with no call to
 * add either — so both are fixed lists, the same for every business, kept here and answered by
 * the server's GET calls; the resource's fields take their options from the same lists, so the
 * form, the API's validation and the lookups can never disagree.
 */

/** Where the catalogue's calls are served (the brief names the operations, not the paths). */
export const PRODUCTS_API = '/api/Business/products';
export const CATALOGUE_LOOKUPS_API = {
  categories: '/api/Lookup/categories',
  taxCodes: '/api/Business/tax-codes',
} as const;

export const PRODUCT_KINDS = ['product', 'service'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** Business categories a product or service is filed under (labels: `resources.products.options.category.<value>`). */
export const PRODUCT_CATEGORIES = [
  'beauty',
  'health',
  'fitness',
  'education',
  'home_services',
  'repairs',
  'events',
  'food',
  'retail',
  'professional',
  'other',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/**
 * The common US sales-tax treatments of what a small business sells (labels:
 * `resources.products.options.taxCode.<code>`). Which rate applies is the state's and the invoice's matter; the
 * code says how the item is taxed.
 */
export const TAX_CODES = [
  { code: 'general_goods', name: 'General tangible goods' },
  { code: 'general_services', name: 'General services' },
  { code: 'professional_services', name: 'Professional services' },
  { code: 'digital_goods', name: 'Digital goods' },
  { code: 'food_groceries', name: 'Food and groceries' },
  { code: 'prepared_food', name: 'Prepared food' },
  { code: 'clothing', name: 'Clothing' },
  { code: 'medical', name: 'Medical goods and services' },
  { code: 'exempt', name: 'Not taxable' },
] as const;
export type TaxCode = (typeof TAX_CODES)[number]['code'];
export const TAX_CODE_VALUES = TAX_CODES.map((t) => t.code) as readonly TaxCode[];

/** The English names the categories lookup answers (the screens translate by value). */
export const CATEGORY_NAMES: Record<ProductCategory, string> = {
  beauty: 'Beauty and personal care',
  health: 'Health and wellness',
  fitness: 'Fitness and sports',
  education: 'Classes and education',
  home_services: 'Home services',
  repairs: 'Repairs and maintenance',
  events: 'Events and entertainment',
  food: 'Food and drink',
  retail: 'Retail goods',
  professional: 'Professional services',
  other: 'Other',
};

/** A service's length: 5 minutes to a whole day. */
export const DURATION_MINUTES = { min: 5, max: 24 * 60 } as const;
/** The highest price a product takes: $1,000,000.00 in cents. */
export const MAX_PRICE_CENTS = 100_000_000;
