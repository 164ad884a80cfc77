import type { ContactMapping } from '../../../domain/forms/contact-mapping';
import type { EditorState } from './editor-state';

/** What the builder holds that is not saved yet: its fields (with undo) and the contact mapping. */
export interface BuilderWork {
  state: EditorState;
  mapping: ContactMapping | null;
  savedMapping: ContactMapping | null;
}

/**
 * The builder's unsaved work carried over a change of the form's address. A rename moves the
 * page to `/form_builder/{new slug}/edit`, and the layout draws each address's page anew
 * (MainLayout's ErrorBoundary is keyed by the path), which unmounted the builder and dropped its
 * unsaved fields without asking. The page says a move is coming (`expectMove`); the builder,
 * unmounting, leaves its work here, and the builder of the same form on the new address takes it.
 */
const moving = new Set<string>();
const held = new Map<string, BuilderWork>();

/** The page is about to move this form's builder to its new address; `false`: it stays after all. */
export const expectMove = (formId: string, coming = true) => void (coming ? moving.add(formId) : moving.delete(formId));

/** The builder unmounts: its work waits for the next builder of the form if a move is coming. */
export function leaveWork(formId: string, work: BuilderWork): void {
  if (!moving.delete(formId)) return;
  if (work.state.dirty || work.mapping !== work.savedMapping) held.set(formId, work);
}

/** The work a moved builder left for this form, read when the next one starts. */
export const carriedWork = (formId: string): BuilderWork | undefined => held.get(formId);

/** Taken: a later builder of the form (the page opened again) starts from the saved draft. */
export const forgetWork = (formId: string) => void held.delete(formId);
