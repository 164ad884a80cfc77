import { lazy } from 'react';
import type { AreaManifest } from '../area';

/**
 * The form builder (server side in server/modules/forms): form_builder and
 * form_builder/{slug}/edit for ADMIN (the roles come from the brief's matrix), and the filled-in
 * form at its public address, /f/{slug}, for anyone.
 */
const forms: AreaManifest = {
  name: 'forms',
  routes: [
    { path: 'form_builder', page: lazy(() => import('./FormsListPage')) },
    { path: 'form_builder/:slug/edit', page: lazy(() => import('./FormEditorPage')) },
  ],
  publicRoutes: [{ path: '/f/:slug', page: lazy(() => import('./PublicFormPage')) }],
};
export default forms;
