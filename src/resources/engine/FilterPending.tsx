/**
 * The place of a filter whose controls are still loading (its lazy chunk): as tall as a control,
 * so the filter row and the table under it do not jump when the controls arrive.
 */
export function FilterPending() {
  return <div className="list-filter-pending" aria-hidden="true" />;
}
