/** What other areas use of errors. */
export { ErrorBoundary } from './ErrorBoundary';
