/**
 * The filter question form (src/custom/chat/QuestionForm.tsx): a choice picked under "Send to a
 * person" and then taken out of the choices stayed there as a tag no option matched, and Add was
 * refused ("Choose one of the listed values") for a value the person could no longer see. It now
 * leaves "Send to a person" with the choice, and the question is added.
 */
import { beforeAll, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QuestionForm } from '../../src/custom/chat/QuestionForm';
import { DOMAIN_SETTINGS_PATHS } from '../../src/custom/chat/settings-paths';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

const DOMAIN = '22222222-2222-4222-8222-222222222222';

it('takes a removed choice out of "Send to a person" too', async () => {
  const calls = stubFetch(() =>
    jsonResponse(201, { result: { id: DOMAIN, question: 'Q', choices: [], toPerson: [], createdAt: '' } }),
  );
  const { container } = renderInApp(
    '/',
    <QuestionForm kind="filter" domainId={DOMAIN} onAdded={() => undefined} paths={DOMAIN_SETTINGS_PATHS.filter!} />,
  );
  fireEvent.change(screen.getByRole('textbox', { name: 'Question' }), { target: { value: 'What is it about?' } });
  const choices = container.querySelector<HTMLInputElement>('#chat-filter_choices')!;
  for (const choice of ['Booking', 'Billing']) {
    fireEvent.change(choices, { target: { value: choice } });
    fireEvent.keyDown(choices, { key: 'Enter', code: 'Enter', keyCode: 13 });
  }
  const toPerson = container.querySelector<HTMLInputElement>('#chat-filter_toPerson')!;
  fireEvent.mouseDown(toPerson);
  const option = await waitFor(() => {
    const found = document.querySelector('.ant-select-item-option[title="Billing"]');
    expect(found).not.toBeNull();
    return found!;
  });
  fireEvent.click(option);
  const personItem = () => toPerson.closest('.ant-select')!.querySelector('.ant-select-selection-item');
  await waitFor(() => expect(personItem()?.textContent).toBe('Billing'));

  const billing = within(choices.closest('.ant-select')! as HTMLElement).getByText('Billing');
  fireEvent.click(billing.closest('.ant-select-selection-item')!.querySelector('.ant-select-selection-item-remove')!);
  await waitFor(() => expect(personItem()).toBeNull());

  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(calls.filter((c) => c.init.method === 'POST')).toHaveLength(1));
  const sent = JSON.parse(String(calls.find((c) => c.init.method === 'POST')!.init.body)) as object;
  expect(sent).toMatchObject({ choices: ['Booking'], toPerson: [] });
});
