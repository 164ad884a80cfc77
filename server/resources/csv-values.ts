/**
 * A declared field's value as a CSV cell and back. Money is written in dollars ("14.00") so a
 * spreadsheet reads it; dates as YYYY-MM-DD; on import MM/DD/YYYY is accepted too, booleans
 * as true/false/yes/no/1/0, and a reference by the referenced record's id.
 */
import type { FieldDeclaration } from '../../src/domain/resources/types';

export function toCell(field: FieldDeclaration, value: unknown): unknown {
  if (value === null || value === undefined) return '';
  if (field.type === 'money') return (Number(value) / 100).toFixed(2);
  if (value instanceof Date) return value.toISOString();
  // A multi-reference's ids, space-separated in one cell.
  if (Array.isArray(value)) return value.join(' ');
  return value;
}

/** The typed value of a cell, or the raw text when it doesn't parse (validation then names the rule). */
export function fromCell(field: FieldDeclaration, text: string): unknown {
  const cell = text.trim();
  if (cell === '') return null;
  switch (field.type) {
    case 'integer':
      return /^-?\d+$/.test(cell) ? Number(cell) : cell;
    case 'percent':
    case 'hours':
    case 'quantity':
      return /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell;
    case 'money': {
      const amount = cell.replace(/^\$/, '').replace(/,/g, '');
      return /^-?\d+(\.\d{1,2})?$/.test(amount) ? Math.round(Number(amount) * 100) : cell;
    }
    case 'boolean': {
      const lower = cell.toLowerCase();
      if (['true', 'yes', '1'].includes(lower)) return true;
      if (['false', 'no', '0'].includes(lower)) return false;
      return cell;
    }
    case 'references':
      return cell.split(/[\s,;]+/).filter(Boolean);
    case 'date': {
      const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(cell);
      return us ? `${us[3]}-${us[1]}-${us[2]}` : cell;
    }
    default:
      return cell;
  }
}
