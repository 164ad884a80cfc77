import { afterEach, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { Calendar, ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import { loadAntdLocale } from '../../src/providers/i18n/antd-locale';

afterEach(async () => {
  cleanup();
  await loadAntdLocale('en'); // puts dayjs back in English for the files after
});

it.each(['en', 'es'] as const)(
  "titles a calendar's day cells MM/DD/YYYY in %s, not antd's YYYY-MM-DD",
  async (language) => {
    const locale = await loadAntdLocale(language);
    const { container } = render(
      <ConfigProvider locale={locale}>
        <Calendar value={dayjs('2026-11-30')} />
      </ConfigProvider>,
    );
    const titles = [...container.querySelectorAll('td[title]')].map((cell) => cell.getAttribute('title'));
    expect(titles).toContain('11/30/2026');
    expect(titles.filter((title) => !/^\d{2}\/\d{2}\/\d{4}$/.test(title ?? ''))).toEqual([]);
  },
);
