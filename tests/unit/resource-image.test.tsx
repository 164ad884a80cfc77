/**
 * The engine's image field on the client, as the products declare it: the shared rule checks a
 * chosen file's type and size with the server's messages and refuses a typed path; an edit sends
 * a new picture (as multipart, one text part per field) or null, never the unchanged path; the
 * list shows the thumbnail and the show page the picture.
 */
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { validateRecord } from '../../src/domain/resources/field-rules';
import { resourceNamed } from '../../src/resources/registry';
import { initialFormValues, toApiBody, toRequestBody } from '../../src/resources/engine/form-values';
import { renderFieldValue } from '../../src/resources/engine/FieldValue';
import { clockFor } from '../../src/ui/format';

const products = resourceNamed('products')!;
const picture = (type: string, bytes = 1024) => new File([new Uint8Array(bytes)], 'photo', { type });
const path = `/api/Business/products/images/${'a'.repeat(32)}.webp`;
const t = ((key: string) => key) as unknown as TFunction;

describe('an image field', () => {
  it('takes a PNG, JPEG or WebP file up to 5 MB, with the messages the server answers', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp'])
      expect(validateRecord(products, 'update', { image: picture(type) }).ok).toBe(true);
    expect(validateRecord(products, 'update', { image: picture('image/gif') })).toEqual({
      ok: false,
      errors: { image: 'Choose a PNG, JPEG or WebP picture' },
    });
    expect(validateRecord(products, 'update', { image: picture('image/png', 5 * 1024 * 1024 + 1) })).toEqual({
      ok: false,
      errors: { image: 'The picture must be at most 5 MB' },
    });
    expect(validateRecord(products, 'update', { image: path })).toEqual({
      ok: false,
      errors: { image: 'Send the picture as a file (multipart), or null to remove it' },
    });
    expect(validateRecord(products, 'update', { image: null })).toEqual({ ok: true, value: { image: null } });
  });

  it('sends a new picture or a removal on edit, never the unchanged path', () => {
    const initial = initialFormValues(products, 'update', { name: 'Haircut', price: 3500, image: path });
    expect(initial.image).toBe(path);
    expect(toApiBody(products, 'update', { ...initial, price: 40 }, initial)).toEqual({ price: 4000 });
    expect(toApiBody(products, 'update', { ...initial, image: null }, initial)).toEqual({ image: null });
    const file = picture('image/png');
    expect(toApiBody(products, 'update', { ...initial, image: file }, initial)).toEqual({ image: file });
  });

  it('goes as JSON without a file, as multipart (a text part per field) with one', () => {
    const json = { name: 'Haircut', price: 3500 };
    expect(toRequestBody(json)).toBe(json);
    const file = picture('image/jpeg');
    const form = toRequestBody({ name: 'Haircut', price: 3500, active: false, durationMinutes: null, image: file });
    expect(form).toBeInstanceOf(FormData);
    const parts = form as FormData;
    expect([parts.get('name'), parts.get('price'), parts.get('active'), parts.get('durationMinutes')]).toEqual([
      'Haircut',
      '3500',
      'false',
      '',
    ]);
    expect((parts.get('image') as File).size).toBe(file.size);
  });

  it('shows the thumbnail in the list and the picture on the record page', () => {
    const row = { id: '1', name: 'Haircut', image: path };
    const list = render(<>{renderFieldValue(t, clockFor(), products, 'image', products.fields.image, row)}</>);
    const thumb = list.container.querySelector('img')!;
    expect([thumb.getAttribute('src'), thumb.getAttribute('alt')]).toEqual([`${path}?size=thumb`, 'Haircut']);
    list.unmount();
    const show = render(<>{renderFieldValue(t, clockFor(), products, 'image', products.fields.image, row, 'show')}</>);
    expect(show.container.querySelector('img')!.getAttribute('src')).toBe(path);
    expect(renderFieldValue(t, clockFor(), products, 'image', products.fields.image, { id: '2', image: null })).toBe(
      '',
    );
  });
});
