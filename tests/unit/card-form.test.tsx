import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { US_STATES } from '../../src/domain/payments/us-states';
import { CardForm } from '../../src/custom/payments/card-form/CardForm';
import { applyCardInput, EMPTY_CARD } from '../../src/custom/payments/card-form/card-input';
import { useCardForm } from '../../src/custom/payments/card-form/use-card-form';
import { ThemeModeProvider } from '../../src/providers/theme/ThemeModeProvider';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});

/** The server for these tests: `GET states`, and whatever `onPost` answers for the submit. */
function stubServer(onPost?: (url: string, body: unknown) => Response) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/api/Lookup/states')) return jsonResponse(200, { result: US_STATES });
    return onPost ? onPost(url, init?.body ? JSON.parse(String(init.body)) : null) : jsonResponse(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderForm(onSubmit = vi.fn(async () => undefined)) {
  render(
    <ThemeModeProvider>
      <CardForm onSubmit={onSubmit} submitLabel="Add card" />
    </ThemeModeProvider>,
  );
  return onSubmit;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: /Add card/ })));

async function chooseState(name: string) {
  const select = field('State');
  await waitFor(() => expect(document.querySelector('.ant-select-arrow-loading')).toBeNull());
  fireEvent.mouseDown(select);
  fireEvent.change(select, { target: { value: name } });
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((el) => el.textContent === name);
    if (!found) throw new Error(`no option ${name}`);
    return found;
  });
  fireEvent.click(option);
}

/** A card good for years: December eight years on, typed as two digits (a fixed 12/34 was refused as past from 2035). */
const EXP_YEAR = new Date().getFullYear() + 8;

async function fillValid() {
  type('Cardholder name', 'Ada Lovelace');
  type('Card number', '4242424242424242');
  type('Expiry date', '12');
  type('Expiry date', `12/${String(EXP_YEAR).slice(2)}`);
  type('CVC', '123');
  type('Address line 1', '1 Main St');
  type('City', 'Springfield');
  await chooseState('Illinois');
  type('ZIP code', '62701');
}

describe('card form typing rules (product brief section 5)', () => {
  it('groups the number by brand as typed: amex 4-6-5, diners 4-6-4, others 4-4-4-4 up to 19', () => {
    const number = (raw: string) => applyCardInput(EMPTY_CARD, 'cardNumber', raw).cardNumber;
    expect(number('378282246310005')).toBe('3782 822463 10005');
    expect(number('3782822463100059999')).toBe('3782 822463 10005');
    expect(number('30569309025904')).toBe('3056 930902 5904');
    expect(number('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(number('4242424242424242424')).toBe('4242 4242 4242 4242 424');
    expect(number('42424242424242424249999')).toBe('4242 4242 4242 4242 424');
    expect(number('4242-4242 abc 4242')).toBe('4242 4242 4242');
  });

  it('groups in the input itself and names the brand', () => {
    stubServer();
    renderForm();
    type('Card number', '378282246310005');
    expect(field('Card number').value).toBe('3782 822463 10005');
    expect(screen.getByTestId('card-brand').textContent).toBe('American Express');
    type('Card number', '5555555555554444');
    expect(field('Card number').value).toBe('5555 5555 5555 4444');
    expect(screen.getByTestId('card-brand').textContent).toBe('Mastercard');
  });

  it('inserts the expiry slash automatically and lets a backspace take it away', () => {
    stubServer();
    renderForm();
    type('Expiry date', '1');
    expect(field('Expiry date').value).toBe('1');
    type('Expiry date', '12');
    expect(field('Expiry date').value).toBe('12/');
    type('Expiry date', '12/3');
    expect(field('Expiry date').value).toBe('12/3');
    type('Expiry date', '12/345');
    expect(field('Expiry date').value).toBe('12/34');
    type('Expiry date', '12/');
    type('Expiry date', '12');
    expect(field('Expiry date').value).toBe('1');
    type('Expiry date', '');
    type('Expiry date', '4');
    expect(field('Expiry date').value).toBe('04/');
    type('Expiry date', '0525');
    expect(field('Expiry date').value).toBe('05/25');
  });

  it('limits the CVC to 4 digits for amex and 3 otherwise, and cuts it when the brand changes', () => {
    stubServer();
    renderForm();
    type('CVC', '12345');
    expect(field('CVC').value).toBe('123');
    type('Card number', '378282246310005');
    type('CVC', '12a345');
    expect(field('CVC').value).toBe('1234');
    type('Card number', '4242424242424242');
    expect(field('CVC').value).toBe('123');
  });

  it('keeps the country as US', () => {
    stubServer();
    renderForm();
    expect(field('Country').value).toBe('United States');
    expect(field('Country').disabled).toBe(true);
    expect(applyCardInput(EMPTY_CARD, 'country', 'MX').country).toBe('US');
  });
});

describe('card form messages (verbatim, product brief section 5)', () => {
  it('shows every required message on an empty submit, without calling onSubmit', async () => {
    stubServer();
    const onSubmit = renderForm();
    await submit();
    for (const text of [
      'Cardholder name is required',
      'Card number is required',
      'Expiry date must be in MM/YY format',
      'CVC must be 3 or 4 digits',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    // Address line 1, city, state and ZIP are required too.
    expect(screen.getAllByText('This field is required').length).toBe(4);
    expect(onSubmit).not.toHaveBeenCalled();
    // The first field to fix gets the focus.
    expect(document.activeElement).toBe(field('Cardholder name'));
    type('Cardholder name', 'Ada Lovelace');
    await submit();
    expect(document.activeElement).toBe(field('Card number'));
  });

  it('follows the typing after the first submit with the exact texts', async () => {
    stubServer();
    renderForm();
    await submit();
    type('Cardholder name', 'Al');
    expect(screen.getByText('Cardholder name must be at least 3 characters long')).toBeTruthy();
    type('Cardholder name', 'A'.repeat(51));
    expect(screen.getByText('Cardholder name must be at most 50 characters long')).toBeTruthy();
    type('Cardholder name', 'Ada Lovelace');
    expect(screen.queryByText(/Cardholder name/, { selector: '[id$="-error"]' })).toBeNull();

    type('Expiry date', '13');
    expect(field('Expiry date').value).toBe('13/');
    expect(screen.getByText('Expiry date must be in MM/YY format')).toBeTruthy();
    type('Expiry date', '01/20');
    expect(screen.getByText('Expiry date cannot be in the past')).toBeTruthy();

    type('CVC', '12');
    expect(screen.getByText('CVC must be 3 or 4 digits')).toBeTruthy();

    type('ZIP code', 'abcde');
    expect(screen.getByText('Must be only digits')).toBeTruthy();
    type('ZIP code', '123');
    expect(screen.getByText('Must be exactly 5 digits')).toBeTruthy();
    type('ZIP code', '12345');
    expect(screen.queryByText('Must be exactly 5 digits')).toBeNull();

    type('Card number', '4242424242424241');
    expect(screen.getByText('Card number is not valid')).toBeTruthy();
  });

  it('sends the add-card payload: number digits only, month and year apart, country US', async () => {
    stubServer();
    const onSubmit = renderForm();
    await fillValid();
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      checkDefaultPM: true,
      cardholderName: 'Ada Lovelace',
      number: '4242424242424242',
      expMonth: 12,
      expYear: EXP_YEAR,
      cvc: '123',
      addressLine1: '1 Main St',
      addressLine2: undefined,
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      country: 'US',
    });
  });

  it("shows the server's refusal in a red alert above the form, which can be dismissed", async () => {
    stubServer();
    const onSubmit = vi.fn(async () => {
      const { ApiError } = await import('../../src/providers/http');
      throw ApiError.fromBody(402, { message: 'Your card was declined.' });
    });
    renderForm(onSubmit);
    await fillValid();
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your card was declined.');
    expect(alert.className).toContain('ant-alert-error');
    expect(alert.compareDocumentPosition(field('Cardholder name')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(alert.querySelector('.ant-alert-close-icon')!);
    await waitFor(() => expect(screen.queryByText('Your card was declined.')).toBeNull());
  });

  it("puts the server's field errors under the matching inputs", async () => {
    stubServer();
    const onSubmit = vi.fn(async () => {
      const { ApiError } = await import('../../src/providers/http');
      throw ApiError.fromBody(400, {
        message: 'Some fields are not valid',
        errors: { number: 'Card number is not valid', expMonth: 'Expiry date cannot be in the past' },
      });
    });
    renderForm(onSubmit);
    await fillValid();
    await submit();
    await screen.findByRole('alert');
    expect(document.getElementById('card-cardNumber-error')?.textContent).toBe('Card number is not valid');
    expect(document.getElementById('card-exp-error')?.textContent).toBe('Expiry date cannot be in the past');
  });
});

describe('card form: changes made before it draws again', () => {
  it('keeps both when two fields change before the next render (a state picked as the ZIP code is autofilled)', () => {
    const { result } = renderHook(() => useCardForm(vi.fn(async () => undefined)));
    // One render's setValue, called twice before React draws again.
    const { setValue } = result.current;
    act(() => {
      setValue('zipCode', '22201');
      setValue('state', 'VA');
    });
    expect(result.current.values.zipCode).toBe('22201');
    expect(result.current.values.state).toBe('VA');
  });
});
