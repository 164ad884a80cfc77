import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, downloaded, launch, LOOKS, newContext, PHONE, screenshot, setLook, visit } from './helpers/browser';
import { expectNoPageErrors, keptPages } from './helpers/app';
import { pickOption, selectLabelled } from './helpers/select';

/**
 * The form builder (form_builder, ADMIN) and its public form: an admin builds a form from the
 * palette (a required name, a topic to choose, an email moved above it with the keyboard's Move
 * up, a field added and taken back with Undo), previews it at a phone's width and publishes it;
 * the public address, signed out, refuses a send without the name on its field, then takes the
 * answer; the admin sees it among the answers and downloads the CSV. Then the admin stops the form
 * taking answers (its public address says so, the list shows it), takes them again, and deletes
 * it after a question naming the answer that goes with it. Versions, aliases, spam rules and role
 * refusals are proven by tests/api/forms.test.ts, closing and deleting by
 * tests/api/forms-lifecycle.test.ts. Light, dark and phone pictures.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());
const signedInPage = keptPages();

const RUN = Date.now().toString(36);
const NAME = `Signup ${RUN}`;
const SLUG = `signup-${RUN}`;
const EMAIL = `ada-${RUN}@example.com`;

const fieldRows = (page: Page) => page.getByRole('list', { name: 'Fields' }).locator('.forms-field-label');
/** The focused element's name: its aria-label, else its text. */
const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');
const panel = (page: Page) => page.getByRole('complementary', { name: 'Field properties' });

async function addField(page: Page, type: string, label: string) {
  await page.getByRole('region', { name: 'Add a field' }).getByRole('button', { name: type, exact: true }).click();
  await panel(page).getByLabel('Label').fill(label);
  await fieldRows(page).filter({ hasText: label }).waitFor();
}

describe('admin: form builder', () => {
  it('builds, publishes, is answered signed out, and shows and exports the answer', async () => {
    const { page, errors } = await signedInPage('ADMIN', { at: '/form_builder' });
    await page.getByRole('heading', { name: 'Forms', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New form' }).click();
    const dialog = page.getByRole('dialog', { name: 'New form' });
    // The name has the focus as the dialog opens: typed at once.
    await expect.poll(() => dialog.getByLabel('Name').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(NAME);
    await dialog.getByLabel('Address').fill('Not a slug!');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Use 3 to 60 lowercase letters, digits and single hyphens, not at either end').waitFor();
    await dialog.getByLabel('Address').fill(SLUG);
    // Enter in a field creates it, as the dialog's Create does.
    await dialog.getByLabel('Address').press('Enter');
    await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();

    await addField(page, 'Short text', 'Your name');
    await panel(page).getByRole('switch', { name: 'Required' }).click();
    await addField(page, 'Select', 'Topic');
    await panel(page).getByLabel('Options').fill('Party\nDinner');
    await addField(page, 'Email', 'Email');
    // Reorder from the keyboard: Email's Move up button, pressed with Enter.
    await page.getByRole('button', { name: 'Move Email up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => fieldRows(page).allTextContents()).toEqual(['Your name', 'Email', 'Topic']);
    // Moved to the top, its Move up is disabled: the focus stays on the field, on Move down.
    await page.keyboard.press('Enter');
    await expect.poll(() => fieldRows(page).allTextContents()).toEqual(['Email', 'Your name', 'Topic']);
    await expect.poll(() => focusedLabel(page)).toBe('Move Email down');
    await page.keyboard.press('Enter');
    await expect.poll(() => fieldRows(page).allTextContents()).toEqual(['Your name', 'Email', 'Topic']);
    // A field added by mistake, taken back with Undo.
    await page
      .getByRole('region', { name: 'Add a field' })
      .getByRole('button', { name: 'Number', exact: true })
      .click();
    await expect.poll(() => fieldRows(page).count()).toBe(4);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => fieldRows(page).allTextContents()).toEqual(['Your name', 'Email', 'Topic']);
    // Or removed from the keyboard: the focus goes to the field now in its place (here the last).
    await page
      .getByRole('region', { name: 'Add a field' })
      .getByRole('button', { name: 'Number', exact: true })
      .click();
    await page.getByRole('button', { name: 'Remove Number' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => fieldRows(page).allTextContents()).toEqual(['Your name', 'Email', 'Topic']);
    await expect.poll(() => focusedLabel(page)).toMatch(/^Topic/);
    // A file field taking PDFs only.
    await addField(page, 'File', 'Your CV');
    for (const type of ['PNG', 'JPEG', 'WebP']) await panel(page).getByRole('checkbox', { name: type }).uncheck();
    // Save answers as contacts: the email field is taken at once; the name is picked.
    const mapping = page.getByRole('region', { name: 'Save answers as contacts' });
    await mapping.getByRole('switch').click();
    await selectLabelled(mapping, 'Email (finds the contact)').getByText('Email', { exact: true }).waitFor();
    await pickOption(mapping, 'Full name', 'Your name');

    const preview = page.getByTestId('forms-preview');
    await preview.getByLabel('Your name').waitFor();
    await page.getByRole('region', { name: 'Preview' }).getByText('Phone', { exact: true }).click();
    await expect.poll(() => preview.getAttribute('class')).toContain('is-phone');
    await screenshot(page, 'forms-editor-light');

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Published as version 1').waitFor();
    await page.getByText('Version 1', { exact: true }).waitFor();

    // The public address, signed out.
    const visitor = await (await newContext(browser, { viewport: PHONE })).newPage();
    try {
      await visitor.goto(`/f/${SLUG}`);
      await visitor.getByRole('heading', { name: NAME }).waitFor();
      await visitor.getByRole('button', { name: 'Send' }).click();
      await visitor.getByText('This field is required').waitFor();
      await visitor.getByLabel('Your name').fill('Ada Lovelace');
      // A half-typed address and Enter: the form's own message, not the browser's check.
      await visitor.getByLabel('Email').fill('ada@');
      await visitor.getByLabel('Email').press('Enter');
      await visitor.getByText('Enter a valid email address').waitFor();
      await visitor.getByLabel('Email').fill(EMAIL);
      await pickOption(visitor, 'Topic', 'Dinner');
      // A picture where only a PDF is taken: the field's message; then a PDF, sent at once.
      const cv = visitor.locator('[data-testid^="form-file-"]');
      const png = { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a0000', 'hex') };
      await cv.setInputFiles(png);
      await visitor.getByText('Choose a file of one of these types: PDF').waitFor();
      await cv.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
      await visitor.getByRole('button', { name: 'Remove cv.pdf' }).waitFor();
      await screenshot(visitor, 'forms-public-phone');
      // Enter in a field sends the form, as on any web form.
      await visitor.getByLabel('Email').press('Enter');
      await visitor.getByText('Thank you!').waitFor();
    } finally {
      await visitor.context().close();
    }

    await page.getByRole('tab', { name: 'Answers' }).click();
    const answers = page.getByRole('table');
    await answers.getByRole('cell', { name: 'Ada Lovelace' }).waitFor();
    await answers.getByRole('cell', { name: 'Dinner' }).waitFor();
    // The search box: an answer's words find it, others find nothing.
    const search = page.getByRole('searchbox', { name: 'Search the answers' });
    await search.fill('Supper');
    await search.press('Enter');
    await answers.getByText('No answers yet').waitFor();
    await search.fill('lovelace');
    await search.press('Enter');
    await answers.getByRole('cell', { name: 'Ada Lovelace' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${SLUG}-submissions.csv`);
    const csv = (await downloaded(download)).toString('utf8').split('\r\n');
    expect(csv.slice(0, 2)).toEqual(['Version 1', 'Submitted at (UTC),Your name,Email,Topic,Your CV']);
    expect(csv[2]).toMatch(new RegExp(`,Ada Lovelace,${EMAIL},Dinner,cv.pdf$`));
    // The file, downloaded with the admin's sign-in.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      answers.getByRole('button', { name: 'Download cv.pdf' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('cv.pdf');
    expect((await downloaded(file)).toString('latin1')).toMatch(/^%PDF-1\.4/);
    await screenshot(page, 'forms-answers-light');
    // The answer saved as the platform's contact.
    await visit(page, `/contact_management?query=${encodeURIComponent(EMAIL)}`);
    await page.getByRole('cell', { name: EMAIL }).waitFor();
    await page.getByRole('cell', { name: 'Ada Lovelace', exact: true }).waitFor();
    expectNoPageErrors(errors);
  }, 120_000);

  it('looks right in dark mode and on a phone', async () => {
    const { page, errors } = await signedInPage('ADMIN', { at: '/form_builder' });
    for (const [name, look] of LOOKS) {
      await setLook(page, look);
      await visit(page, '/form_builder');
      // The list counts the answer given in the journey.
      await page
        .getByRole('row', { name: new RegExp(NAME) })
        .getByRole('cell', { name: '1', exact: true })
        .waitFor();
      // The list says how many forms there are, as the other lists do.
      await page
        .locator('.ant-pagination-total-text')
        .getByText(/^\d+ forms?$/)
        .waitFor();
      await screenshot(page, `forms-list-${name}`);
      await visit(page, `/form_builder/${SLUG}/edit`);
      await page.getByRole('list', { name: 'Fields' }).waitFor();
      await screenshot(page, `forms-editor-${name}`);
      await page.getByRole('region', { name: 'Save answers as contacts' }).scrollIntoViewIfNeeded();
      await screenshot(page, `forms-mapping-${name}`);
      // The answers fit the screen: on a phone each answer's fields stack under their labels (a
      // column per field scrolled the table sideways by 366 px at 390 px).
      await page.getByRole('tab', { name: 'Answers' }).click();
      await page.getByRole('table', { name: 'Answers' }).getByText(EMAIL).waitFor();
      await page.locator('.ant-pagination-total-text').getByText('1 answer', { exact: true }).waitFor();
      const sideways = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')].map(
          (el) => el.scrollWidth - el.clientWidth,
        ),
      );
      expect(
        sideways.every((px) => px <= 0),
        `scrolls sideways by ${sideways}`,
      ).toBe(true);
      await screenshot(page, `forms-answers-${name}`);
    }
    expectNoPageErrors(errors);
  });

  it('stops taking answers and takes them again, then is deleted after a question naming its answer', async () => {
    const { page, errors } = await signedInPage('ADMIN', { at: `/form_builder/${SLUG}/edit` });
    await setLook(page, { colorScheme: 'light', viewport: DESKTOP });
    const accepting = page.getByRole('switch', { name: 'Accepting answers' });
    await accepting.click();
    await page.getByText('The form no longer takes answers').waitFor();
    await expect.poll(() => accepting.getAttribute('aria-checked')).toBe('false');

    // The public address, signed out: the form's name and that it is closed, nothing to fill in.
    const visitor = await (await newContext(browser)).newPage();
    try {
      await visitor.goto(`/f/${SLUG}`);
      await visitor.getByText('This form is no longer accepting responses').waitFor();
      await visitor.getByRole('heading', { name: NAME }).waitFor();
      expect(await visitor.getByRole('button', { name: 'Send' }).count()).toBe(0);
      await screenshot(visitor, 'forms-closed-light');
      for (const [name, look] of LOOKS) {
        await setLook(visitor, look);
        await screenshot(visitor, `forms-closed-${name}`);
      }
      await visit(page, '/form_builder');
      await page
        .getByRole('row', { name: new RegExp(NAME) })
        .getByText('Closed', { exact: true })
        .waitFor();

      // Taken again: the address is the form again.
      await visit(page, `/form_builder/${SLUG}/edit`);
      await accepting.click();
      await page.getByText('The form takes answers again').waitFor();
      await visitor.reload();
      await visitor.getByRole('button', { name: 'Send' }).waitFor();

      // Delete: asked first, with the answer the journey gave.
      await page.getByRole('button', { name: 'Delete form' }).click();
      const question = page.getByTestId('form-delete-question');
      await question.getByText('Its 1 answer is deleted with it, with any file sent in it.').waitFor();
      await screenshot(page, 'forms-delete-light');
      for (const [name, look] of LOOKS) {
        await setLook(page, look);
        await screenshot(page, `forms-delete-${name}`);
      }
      await page.getByRole('dialog').getByRole('button', { name: 'Delete form' }).click();
      await page.getByText(`“${NAME}” was deleted`).waitFor();
      await page.getByRole('heading', { name: 'Forms', level: 1 }).waitFor();
      await expect.poll(() => page.getByRole('row', { name: new RegExp(NAME) }).count()).toBe(0);
      await visitor.reload();
      await visitor.getByText('Form not found').waitFor();
    } finally {
      await visitor.context().close();
    }
    expectNoPageErrors(errors);
  });
});
