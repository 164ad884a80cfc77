/** The pages other areas route to: the account's first steps and the 404, each its own chunk. */
import { lazy } from 'react';

export const RegisterPage = lazy(() => import('./RegisterPage'));
export const VerifyPage = lazy(() => import('./VerifyPage'));
export const NotFoundPage = lazy(() => import('./NotFoundPage'));
