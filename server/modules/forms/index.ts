/**
 * The form builder module's face. Nothing of it is used by other modules; the demo seed
 * (server/seed/forms-demo.ts) makes and publishes a form as an administrator would, and its
 * answers come in through the public routes, with start tokens signed as the form's page signs them.
 */
export { createForm, publishForm, saveDraft } from './form-service';
export { startToken as formStartToken } from './start-token';
