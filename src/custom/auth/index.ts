/** What the app shell uses of auth: the signed-out routes, and the login page's code to fetch early. */
export { LoggedOutRoutes, loadLoginPage } from './LoggedOutRoutes';
