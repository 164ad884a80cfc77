/**
 * Put inside a dialog's <Form>: Enter in any of its fields saves, as the dialog's own button does.
 * antd's Modal draws its OK button outside the form, and a browser sends a form of two or more
 * fields on Enter only when the form holds a submit button (HTML's implicit submission): this is
 * that button, out of sight, out of the tab order and unnamed to screen readers (the dialog's
 * own button is the one they meet).
 */
export function EnterSubmits() {
  return <button type="submit" hidden tabIndex={-1} aria-hidden="true" />;
}
