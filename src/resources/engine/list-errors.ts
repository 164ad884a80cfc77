import type { TFunction } from 'i18next';
import { filterParamMap, SEARCH_PARAM } from '../../domain/resources/list-params';
import type { ResourceDeclaration } from '../../domain/resources/types';
import { isApiError } from '../../providers/http';
import { errorText, translateMessage } from '../../providers/i18n/translate-message';
import { fieldLabel } from './labels';

/**
 * Why the server refused a list's query, naming each filter it refused: "Email: Must be at most
 * 200 characters long", not only the generic "Some fields are not valid". The filters are in the
 * URL, and a URL can be typed or pasted by hand with more than a box takes (LIST_TEXT_MAX).
 *
 * Such a filter is shown as it came and refused, not clamped to LIST_TEXT_MAX as the URL is read:
 * a clamped "contains" filter would list rows that do not contain what was asked for, without a
 * word, and the URL would keep saying otherwise. Named, the person sees which box to shorten or
 * clear (it is marked, `params`), as a form keeps what was typed and says what is wrong with it.
 */
export function listRefusal(
  t: TFunction,
  resource: ResourceDeclaration,
  error: unknown,
): { lines: string[]; params: ReadonlySet<string> } {
  const errors = isApiError(error) ? Object.entries(error.errors) : [];
  if (!errors.length) return { lines: [errorText(t, error)], params: new Set() };
  const filters = filterParamMap(resource);
  const labelOf = (param: string) => {
    if (param === SEARCH_PARAM) return t('resourceEngine.search');
    const filter = filters.get(param);
    if (!filter) return null;
    const label = fieldLabel(t, resource, filter.field);
    if (filter.op === 'gte') return `${label} ${t('resourceEngine.filters.from')}`;
    if (filter.op === 'lte') return `${label} ${t('resourceEngine.filters.to')}`;
    return label;
  };
  const params = new Set<string>();
  const lines = errors.map(([param, text]) => {
    const message = translateMessage(t, (Array.isArray(text) ? text[0] : text) ?? '');
    const label = labelOf(param);
    if (!label) return message;
    params.add(param);
    return t('resourceEngine.filters.refused', { label, message });
  });
  return { lines, params };
}
