/**
 * The template editor's checks name each finding by a translated label: the tag showed the
 * finding's internal id ("unknown-variable", "http-link") in either language.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { FINDING_IDS } from '../../src/domain/email-templates/checks';
import { FindingsList } from '../../src/custom/email-templates/FindingsList';
import { initEnglish, switchLanguage } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});
afterAll(async () => {
  cleanup();
  await switchLanguage('en');
});

const findings: { id: (typeof FINDING_IDS)[number]; values: Record<string, string> }[] = [
  { id: 'unknown-variable', values: { variable: 'contact.nickname' } },
  { id: 'http-link', values: { url: 'http://example.com' } },
];
const tags = () => [...document.querySelectorAll('.et-findings .ant-tag')].map((tag) => tag.textContent);

it.each([
  ['en', ['Unknown variable', 'Insecure link']],
  ['es', ['Variable desconocida', 'Enlace no seguro']],
] as const)('labels each finding in %s, never by its id', async (language, labels) => {
  await switchLanguage(language);
  render(<FindingsList findings={findings} error={null} />);
  expect(tags()).toEqual(labels);
  cleanup();
});

it('has a label for every finding the checks make, in both languages', async () => {
  for (const language of ['en', 'es'] as const) {
    await switchLanguage(language);
    render(<FindingsList findings={FINDING_IDS.map((id) => ({ id, values: {} }))} error={null} />);
    const shown = tags();
    expect(shown).toHaveLength(FINDING_IDS.length);
    for (const [i, id] of FINDING_IDS.entries()) expect(shown[i], `${language} ${id}`).not.toMatch(/findingLabels|-/);
    cleanup();
  }
});
