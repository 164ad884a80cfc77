/**
 * The i18n key of a main-layout route's page title: `pages.<key>`, where the key is the route
 * path with '/' as '_' and each parameter as 'id' ('' is 'home'):
 * 'user_management/:userID/user_details' → 'user_management_id_user_details'.
 */
export function pageKey(path: string): string {
  if (path === '') return 'home';
  return path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? 'id' : segment))
    .join('_');
}

export const pageTitleKey = (path: string): string => `pages.${pageKey(path)}`;
