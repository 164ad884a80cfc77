/**
 * A count for a translated message: `count` picks the plural form ("1 page", "5 pages"; a plan's
 * limit may be set to 1), `value` is the number as the message shows it, in en-US digits
 * ("100,000") as every amount of the app is. The messages write the number as {{value}}.
 */
export const counted = (count: number) => ({ count, value: count.toLocaleString('en-US') });
