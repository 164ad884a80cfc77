import { ContactChangeDialog, type ContactChangeDialogProps } from './ContactChangeDialog';

/** Change the phone number: a code goes by text message to the NEW number (US is the default region). */
export function ChangePhoneDialog(props: Omit<ContactChangeDialogProps, 'kind'>) {
  return <ContactChangeDialog kind="phone" {...props} />;
}
