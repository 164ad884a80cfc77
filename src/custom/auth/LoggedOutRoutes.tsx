import { lazy, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { NotFoundPage } from '../pages';
import { readForgotMarker } from './forgot-marker';

/** Kept apart so main.tsx can start fetching the login page while translations load. */
export const loadLoginPage = () => import('./LoginPage');

const LoginPage = lazy(loadLoginPage);
const ForgotPasswordPage = lazy(() => import('./ForgotPasswordPage'));
const RecoveryPasswordPage = lazy(() => import('./RecoveryPasswordPage'));
const EmailVerifiedPage = lazy(() => import('./EmailVerifiedPage'));
/** Where an invited team member accepts the invitation (the invitation email links here). */
const MemberActivationPage = lazy(() => import('./MemberActivationPage'));
const PublicPages = lazy(() => import('./PublicPages'));

/** The recovery step needs the forgotUser marker, else it starts at /forgot-password (product brief section 2). */
function RequireForgotMarker({ children }: { children: ReactNode }) {
  return readForgotMarker()?.checked ? children : <Navigate to="/forgot-password" replace />;
}

/** Logged-out routes of product brief section 2; any other path goes to /. */
export function LoggedOutRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LoginPage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route
        path="/recovery-password"
        element={
          <RequireForgotMarker>
            <RecoveryPasswordPage />
          </RequireForgotMarker>
        }
      />
      <Route path="/email-verified" element={<EmailVerifiedPage />} />
      <Route path="/member-activation" element={<MemberActivationPage />} />
      <Route path="/404" element={<NotFoundPage />} />
      {/* The areas' public pages; any other path goes to the login page. */}
      <Route path="*" element={<PublicPages />} />
    </Routes>
  );
}
