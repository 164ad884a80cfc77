/**
 * What the app shell uses of the router: the signed-in app (its own chunk, loaded after sign-in)
 * and the redirects on signing in and out. Who may open a path is src/custom/route-access.ts,
 * beside the list of areas it reads.
 */
export const loadLoggedInApp = () => import('./LoggedInApp');
export { useSessionNavigation } from './use-session-navigation';
export { ScrollRestoration } from './use-scroll-restoration';
export { tidyPastedAddress } from './pasted-path';
