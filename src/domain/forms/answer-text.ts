/**
 * A stored answer as people read it, on the answers screen and in the CSV alike: a date answer
 * (kept YYYY-MM-DD) as MM/DD/YYYY and a phone (kept E.164) as (202) 555-0143, as the product
 * writes dates and phones everywhere; several choices joined. The search box finds an answer by
 * this text too (answerSearchTerms).
 */
import { formatPhone } from '../phone';
import type { FieldType } from './definition';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function answerText(type: FieldType, value: unknown, join = ', '): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join(join);
  if (typeof value !== 'string') return String(value);
  if (type === 'date') {
    const day = ISO_DAY.exec(value);
    return day ? `${day[2]}/${day[3]}/${day[1]}` : value;
  }
  return type === 'phone' ? formatPhone(value) : value;
}

const US_DAY = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{4}))?$/;
const PHONE_LIKE = /^[\d\s()+.-]+$/;

/**
 * What to look for in the stored answers when someone searches for `q` as the screen shows
 * answers: the words themselves, a date typed MM/DD(/YYYY) as it is stored, and a phone typed
 * with its punctuation as its digits.
 */
export function answerSearchTerms(q: string): string[] {
  const terms = [q];
  const day = US_DAY.exec(q);
  if (day) {
    const [mm, dd] = [day[1]!.padStart(2, '0'), day[2]!.padStart(2, '0')];
    terms.push(day[3] ? `${day[3]}-${mm}-${dd}` : `-${mm}-${dd}`);
  }
  const digits = q.replace(/\D/g, '');
  if (!day && PHONE_LIKE.test(q) && digits.length >= 3 && digits !== q) terms.push(digits);
  return terms;
}
