/**
 * What antd's Form.Item tells its control for a screen reader: the field is required, refused, and
 * which elements (its message, its help) describe it. An engine input passes it on to the element
 * that is read, so a required field says so and a refused one reads its message with it.
 */
export interface FieldAria {
  'aria-required'?: boolean | 'true' | 'false';
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
}
