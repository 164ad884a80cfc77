/**
 * A required Form.Item's Select says it is required on its combobox only: antd 5's Select also
 * wrote aria-required on its outer div, where the attribute is not allowed (axe aria-allowed-attr,
 * critical; the business info form's Country). The app's Select (src/ui/forms/Select.tsx) takes it off there; antd's own Select is
 * checked too, so the day antd stops doing it (antd 6) this test says that part of it can go.
 */
import { expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Form, Select as AntdSelect } from 'antd';
import { Select } from '../../src/ui/forms/Select';

const OPTIONS = [
  { value: 'US', label: 'United States' },
  { value: 'MX', label: 'Mexico' },
];

it('marks the combobox required, not the outer div', () => {
  const { container } = render(
    <Form>
      <Form.Item name="country" label="Country" required>
        <Select showSearch optionFilterProp="label" options={OPTIONS} />
      </Form.Item>
      <Form.Item name="tables" label="Tables" required>
        <Select mode="multiple" options={OPTIONS} />
      </Form.Item>
    </Form>,
  );
  expect(screen.getByRole('combobox', { name: 'Country' }).getAttribute('aria-required')).toBe('true');
  expect(screen.getByRole('combobox', { name: 'Tables' }).getAttribute('aria-required')).toBe('true');
  expect(container.querySelectorAll('.ant-select')).toHaveLength(2);
  expect(container.querySelectorAll('.ant-select[aria-required]')).toHaveLength(0);
});

it("antd's own Select still writes it on its outer div (one of the app's Select's reasons to be)", () => {
  const { container } = render(
    <Form>
      <Form.Item name="country" label="Country" required>
        <AntdSelect options={OPTIONS} />
      </Form.Item>
    </Form>,
  );
  expect(container.querySelector('.ant-select')?.getAttribute('aria-required')).toBe('true');
});
