/**
 * A required Form.Item's Select says it is required on its combobox only: antd 5's Select also
 * wrote aria-required on its outer div, where the attribute is not allowed (axe aria-allowed-attr,
 * critical; the business info form's Country). FormSelect takes it off there; antd's own Select is
 * checked too, so the day antd stops doing it (antd 6) this test says FormSelect can go.
 */
import { afterEach, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Form, Select } from 'antd';
import { FormSelect } from '../../src/ui/forms/FormSelect';

afterEach(cleanup);

const OPTIONS = [
  { value: 'US', label: 'United States' },
  { value: 'MX', label: 'Mexico' },
];

it('marks the combobox required, not the outer div', () => {
  const { container } = render(
    <Form>
      <Form.Item name="country" label="Country" required>
        <FormSelect showSearch optionFilterProp="label" options={OPTIONS} />
      </Form.Item>
      <Form.Item name="tables" label="Tables" required>
        <FormSelect mode="multiple" options={OPTIONS} />
      </Form.Item>
    </Form>,
  );
  expect(screen.getByRole('combobox', { name: 'Country' }).getAttribute('aria-required')).toBe('true');
  expect(screen.getByRole('combobox', { name: 'Tables' }).getAttribute('aria-required')).toBe('true');
  expect(container.querySelectorAll('.ant-select')).toHaveLength(2);
  expect(container.querySelectorAll('.ant-select[aria-required]')).toHaveLength(0);
});

it("antd's own Select still writes it on its outer div (FormSelect's reason to be)", () => {
  const { container } = render(
    <Form>
      <Form.Item name="country" label="Country" required>
        <Select options={OPTIONS} />
      </Form.Item>
    </Form>,
  );
  expect(container.querySelector('.ant-select')?.getAttribute('aria-required')).toBe('true');
});
