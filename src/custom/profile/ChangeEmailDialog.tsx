import { ContactChangeDialog, type ContactChangeDialogProps } from './ContactChangeDialog';

/**
 * Change the sign-in email: a code goes to the NEW address. An address another account holds is
 * answered exactly like a free one (its owner is told instead), so the text says "if it can be used".
 */
export function ChangeEmailDialog(props: Omit<ContactChangeDialogProps, 'kind'>) {
  return <ContactChangeDialog kind="email" {...props} />;
}
