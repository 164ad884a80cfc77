/**
 * antd Selects, picked the way a person does: click the select, then the option.
 * The select itself is clicked, never its input with `force`: the input lies under the select's
 * text (a plain click on it is refused), and a forced click skips Playwright's wait for the page
 * to stop moving, so during a dialog's zoom-in it can land on the mask, which closes the dialog.
 */
import type { Locator, Page } from 'playwright-core';

const pageOf = (scope: Page | Locator): Page => ('page' in scope ? (scope as Locator).page() : (scope as Page));

/** The select whose combobox is labelled `label`, inside `scope`. */
export function selectLabelled(scope: Page | Locator, label: string): Locator {
  return scope.locator('.ant-select', { has: pageOf(scope).getByRole('combobox', { name: label }) });
}

/**
 * Opens the list of the select labelled `label`. Not for the list screens' filters, whose light
 * stand-in (DeferredSelect) has no antd box until it is touched.
 */
export async function openSelect(scope: Page | Locator, label: string): Promise<void> {
  await selectLabelled(scope, label).click();
}

/** Picks the option titled `option` of the select labelled `label`; with `search`, types it first. */
export async function pickOption(scope: Page | Locator, label: string, option: string, search?: string): Promise<void> {
  await openSelect(scope, label);
  if (search) await scope.getByRole('combobox', { name: label }).fill(search);
  await pageOf(scope).locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}
