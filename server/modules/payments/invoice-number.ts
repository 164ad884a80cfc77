import { randomBytes } from 'node:crypto';

/** INV-YYYYMMDD-XXXXXX: readable, sortable by day, unique (random part; the column is unique). */
export function newInvoiceNumber(now: number): string {
  const d = new Date(now);
  const day = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  return `INV-${day}-${randomBytes(3).toString('hex').toUpperCase()}`;
}
