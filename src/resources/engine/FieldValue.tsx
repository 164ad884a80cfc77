import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { formatPhone } from '../../domain/phone';
import type { FieldDeclaration, ResourceDeclaration } from '../../domain/resources/types';
import { getStoredUser } from '../../providers/session';
import { formatDate, type Clock } from '../../ui/format';
import { clockTime } from '../../domain/venue/zoned-format';
import { formatPercent, formatQuantity, formatUsd } from '../../domain/money';
import { resourceNamed } from '../registry';
import { routeTo } from '../route-rules';
import { optionLabel } from './labels';
import { seededText } from './seeded-text';
import { expiryState, type ExpiryState } from '../../domain/resources/expiry';
import { todayLocal } from '../../ui/format';
import { thumbnailUrl } from '../../domain/resources/image-paths';
import './list.css';

// A lines table and a zoomable picture show only on a record's page: antd's Table and Image
// load with them, not with every list (docs/architecture.md, "The design card's packages").
const LinesTable = lazy(() => import('./LinesTable').then((module) => ({ default: module.LinesTable })));
const RecordImage = lazy(() => import('./RecordImage'));

export type RecordRow = Record<string, unknown> & {
  id: string;
  /** A reference's title; a multi-reference's titles in the order of its ids. */
  _labels?: Record<string, string | (string | null)[] | null>;
  _expiry?: Record<string, ExpiryState | null>;
  /** Each line's amount in cents by lines field, as the server's figures have it (a sent invoice's as it was sent). */
  _lineAmounts?: Record<string, number[] | undefined>;
};

const EXPIRY_COLOR = { expired: 'red', soon: 'orange' } as const;

/** An expiry date with its tag: the server's flag (the business's today), else the same rule on this device's day. */
function expiryValue(t: TFunction, field: FieldDeclaration, key: string, row: RecordRow): ReactNode {
  const day = String(row[key]);
  const state = row._expiry?.[key] ?? expiryState(day, todayLocal(), field.expiry!.soonDays);
  if (state === 'valid') return formatDate(day);
  return (
    <span className="expiry-value">
      {formatDate(day)} <Tag color={EXPIRY_COLOR[state]}>{t(`resourceEngine.expiry.${state}`)}</Tag>
    </span>
  );
}

/**
 * One field's value as the list and the show page display it: money in USD from cents, dates
 * MM/DD/YYYY, US phones as (202) 555-0143, booleans as tags, enum values translated, references by their label with a link.
 */
export function renderFieldValue(
  t: TFunction,
  /** The screen's clock for moments (useClock: the business's zone for its people). */
  clock: Clock,
  resource: ResourceDeclaration,
  key: string,
  field: FieldDeclaration | undefined,
  row: RecordRow,
  /** Where it shows: a list cell (a picture as a thumbnail) or a record's page (the picture). */
  place: 'list' | 'show' = 'list',
): ReactNode {
  const value = row[key];
  if (key === 'createdAt' || key === 'updatedAt') return clock.dateTime(value as string);
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return field?.type === 'boolean' ? <Tag>{t('resourceEngine.no')}</Tag> : '';
  }
  const seeded = seededText(t, field, value, row);
  if (seeded !== null) return seeded;
  switch (field?.type) {
    case 'money':
      return formatUsd(Number(value));
    case 'image': {
      // A picture replaced since (a history line) is gone: the placeholder says so, not a broken icon.
      const title = String(row[resource.titleField] ?? '');
      return place === 'show' ? (
        // Until the zoomable picture's code arrives, the same picture without the zoom.
        <Suspense fallback={<img src={String(value)} alt={title} width={240} className="record-image" />}>
          <RecordImage src={String(value)} alt={title} />
        </Suspense>
      ) : (
        <img
          src={thumbnailUrl(String(value))}
          alt={title}
          width={48}
          height={48}
          loading="lazy"
          className="resource-thumbnail"
        />
      );
    }
    case 'date':
      return field.expiry ? expiryValue(t, field, key, row) : formatDate(String(value));
    case 'datetime':
      return clock.dateTime(String(value));
    case 'time':
      // 'HH:MM' as the rest of the app writes times (en-US, 12 h): 8:00 AM.
      return clockTime(String(value));
    case 'boolean':
      return value ? <Tag color="green">{t('resourceEngine.yes')}</Tag> : <Tag>{t('resourceEngine.no')}</Tag>;
    case 'enum':
      return <Tag>{optionLabel(t, resource, key, String(value))}</Tag>;
    case 'integer':
      return Number(value).toLocaleString('en-US');
    case 'url':
      return (
        <a href={String(value)} target="_blank" rel="noopener noreferrer">
          {String(value)}
        </a>
      );
    case 'email':
      return <a href={`mailto:${String(value)}`}>{String(value)}</a>;
    case 'phone': {
      // A narrow column broke "(202) 555-" from "0100": the number may wrap only at its last space,
      // its last group kept whole ("(202)" over "555-0100"), so the column stays as narrow as before.
      const shown = formatPhone(String(value));
      const space = shown.lastIndexOf(' ');
      // One element: a phone's list card lays a value's pieces out apart ("(202)" … "555-0100").
      return (
        <span>
          {shown.slice(0, space + 1)}
          <span className="field-phone-part">{shown.slice(space + 1)}</span>
        </span>
      );
    }
    case 'percent':
      // As typed: 8.875 → 8.875%.
      return formatPercent(Number(value));
    case 'hours':
      // As typed, beside a label that says hours (Estimated hours: 2.75), as whole hours always were.
      return Number(value).toLocaleString('en-US', { maximumFractionDigits: 2 });
    case 'quantity':
      // As typed: 6.5 → 6.5, 1250 → 1,250 (never 6.50).
      return formatQuantity(Number(value));
    case 'lines':
      return (
        <Suspense fallback={null}>
          <LinesTable
            resource={resource}
            fieldKey={key}
            field={field}
            rows={value as Record<string, unknown>[]}
            amounts={row._lineAmounts?.[key]}
            // Each line's cells as any field's value, its columns read as the record's fields.
            cell={(column, f, line) =>
              renderFieldValue(t, clock, { ...resource, fields: field.lines?.fields ?? {} }, column, f, line)
            }
          />
        </Suspense>
      );
    case 'references': {
      const labels = row._labels?.[key];
      const ids = value as string[];
      return (
        <span className="reference-tags">
          {ids.map((id, i) => (
            <Tag key={id}>{(Array.isArray(labels) && labels[i]) || id}</Tag>
          ))}
        </span>
      );
    }
    case 'reference': {
      const found = row._labels?.[key];
      const label = typeof found === 'string' ? found : String(value);
      const target = field.references ? resourceNamed(field.references.resource) : undefined;
      const path = target?.routes.show ? routeTo(target.routes.show, String(value)) : null;
      // Only link where the reader may go (a club owner sees a company's name, not its page): the
      // target's own declaration says who may open its show screen.
      const role = getStoredUser()?.userData.roleName;
      const allowed = path && role && target?.access.show.includes(role);
      return allowed ? <Link to={path}>{label}</Link> : label;
    }
    default:
      return String(value);
  }
}
