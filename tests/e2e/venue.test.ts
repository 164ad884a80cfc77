/**
 * The venue screens a club owner sets up first: the venue's guest-facing details (saved through
 * the venues resource), and the week's opening hours with a night past midnight, a wrong time
 * refused in words, and a closed special date. The header shows the selected venue.
 * Screenshots: light, dark, phone.
 */
import { describe, it } from 'vitest';
import { screenshot, setLook, visit, LOOKS } from './helpers/browser';
import { expectNoPageErrors, waitForPath, keptPages } from './helpers/app';

const signedInPage = keptPages();

describe('venue setup', () => {
  it('edits the details and the hours of the selected venue', async () => {
    const { page, errors } = await signedInPage('CLUBOWNER');
    await page.getByText('Blue Note Main Room').first().waitFor();

    await visit(page, '/additional_information');
    await waitForPath(page, '/additional_information');
    const dress = page.getByLabel('Dress code');
    await dress.waitFor();
    await dress.fill('No sportswear');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('No sportswear').or(dress).first().waitFor();
    await page.reload();
    await page.getByLabel('Dress code').waitFor();
    if ((await page.getByLabel('Dress code').inputValue()) !== 'No sportswear') throw new Error('details not saved');
    await screenshot(page, 'venue-details-light');

    await visit(page, '/club_schedule_management');
    await page.getByRole('heading', { name: 'Weekly hours' }).waitFor();
    await page.getByLabel('Open on Monday').click();
    await page.getByLabel('Opens on Monday').fill('22:00');
    await page.getByLabel('Closes on Monday').fill('22:00');
    await page.getByRole('button', { name: 'Save hours' }).click();
    await page.getByText('Closing time must differ from opening time').waitFor();
    await page.getByLabel('Closes on Monday').fill('03:00');
    await page.getByText('(next day)').first().waitFor();
    await page.getByRole('button', { name: 'Save hours' }).click();
    await page.getByText('Opening hours saved').waitFor();

    await page.getByLabel('Date', { exact: true }).fill('2099-12-24');
    await page.getByLabel('Note', { exact: true }).fill('Christmas Eve');
    await page.getByRole('button', { name: 'Add special date' }).click();
    await page.getByText('12/24/2099').waitFor();
    await page.reload();
    await page.getByText('12/24/2099').waitFor();
    if ((await page.getByLabel('Closes on Monday').inputValue()) !== '03:00') throw new Error('hours not saved');
    await screenshot(page, 'venue-schedule-light');
    expectNoPageErrors(errors);
  });

  it('reads well in the dark and on a phone', async () => {
    const { page } = await signedInPage('CLUBOWNER', { at: '/club_schedule_management' });
    for (const [name, look] of LOOKS) {
      await setLook(page, look);
      await visit(page, '/club_schedule_management');
      await page.getByRole('heading', { name: 'Special dates' }).waitFor();
      await screenshot(page, `venue-schedule-${name}`);
    }
  });
});
