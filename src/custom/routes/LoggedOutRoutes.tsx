import { lazy, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { readForgotMarker } from '../auth/forgot-marker';

/** Kept apart so main.tsx can start fetching the login page while translations load. */
export const loadLoginPage = () => import('../auth/LoginPage');

const LoginPage = lazy(loadLoginPage);
const ForgotPasswordPage = lazy(() => import('../auth/ForgotPasswordPage'));
const RecoveryPasswordPage = lazy(() => import('../auth/RecoveryPasswordPage'));
const EmailVerifiedPage = lazy(() => import('../auth/EmailVerifiedPage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));
/** Where an invited team member accepts the invitation (the invitation email links here). */
const MemberActivationPage = lazy(() => import('../auth/MemberActivationPage'));
const TermsOfService = lazy(() => import('../legal/TermsOfService'));
const PrivacyPolicy = lazy(() => import('../legal/PrivacyPolicy'));
/** The public page of a payment link: paid without signing in (LoggedInApp routes it too). */
const PayLinkPage = lazy(() => import('../payments/links/PayLinkPage'));
const TicketPage = lazy(() => import('../door/TicketPage'));
/** A mover's quote as its customer sees it, to accept or decline (public, like the pay page). */
const PublicQuotePage = lazy(() => import('../quotes/PublicQuotePage'));

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
      <Route path="/terms-of-service" element={<TermsOfService />} />
      <Route path="/privacy-policy" element={<PrivacyPolicy />} />
      <Route path="/pay/:token" element={<PayLinkPage />} />
      <Route path="/quote/:token" element={<PublicQuotePage />} />
      <Route path="/ticket/:token" element={<TicketPage />} />
      <Route path="/member-activation" element={<MemberActivationPage />} />
      <Route path="/404" element={<NotFoundPage />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
