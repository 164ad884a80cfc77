import { ContactChangeDialog, type ContactChangeDialogProps } from './ContactChangeDialog';

/** Change the sign-in email: a code goes to the NEW address (an address another account has is refused). */
export function ChangeEmailDialog(props: Omit<ContactChangeDialogProps, 'kind'>) {
  return <ContactChangeDialog kind="email" {...props} />;
}
