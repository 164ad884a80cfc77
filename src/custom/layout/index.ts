/** What other areas use of the layout: the main layout the signed-in routes render in. */
export { MainLayout } from './MainLayout';
