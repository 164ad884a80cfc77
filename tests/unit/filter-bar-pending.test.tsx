/**
 * A list's range filter loads its controls on first use (a lazy chunk): until they arrive its
 * place in the filter row keeps a control's height, so the row and the table under it do not
 * jump (on a phone, where the range has a line of its own, the table moved down by a line). The
 * search and the text filters stop at the length the server takes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { resourceNamed } from '../../src/resources/registry';
import { FilterBar } from '../../src/resources/engine/FilterBar';
import { LIST_TEXT_MAX } from '../../src/domain/resources/list-params';
import { initEnglish } from './helpers/i18n';

const plans = resourceNamed('plans')!;

beforeAll(async () => {
  await initEnglish();
});

describe("a range filter's place while its controls load", () => {
  it('holds a placeholder as tall as a control, hidden from screen readers, until the bounds arrive', async () => {
    render(
      <FilterBar resource={plans} search="gratuito" values={{}} update={() => undefined} clear={() => undefined} />,
    );
    const cell = document.querySelector('.list-filter--range');
    const pending = cell?.querySelector('.list-filter-pending');
    expect(pending).toBeTruthy();
    expect(pending?.getAttribute('aria-hidden')).toBe('true');
    expect(await screen.findByRole('textbox', { name: 'Price from' })).toBeTruthy();
    expect(cell?.querySelector('.list-filter-pending')).toBeNull();
  });
});

describe("a list's search and text filters", () => {
  it('stop at the length the server takes, so a long paste is never refused', () => {
    const users = resourceNamed('users')!;
    render(<FilterBar resource={users} search="" values={{}} update={() => undefined} clear={() => undefined} />);
    const boxes = screen.getAllByRole('searchbox').concat(screen.getAllByRole('textbox'));
    expect(boxes.length).toBeGreaterThanOrEqual(2);
    for (const box of boxes) expect(box.getAttribute('maxlength')).toBe(String(LIST_TEXT_MAX));
  });
});
