import { FormAlert } from './FormAlert';
import './forms.css';

/** A form's error that belongs on no field (use-save-form's `formError`), above the fields. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="form-error">
      <FormAlert type="error" message={message} />
    </div>
  );
}
