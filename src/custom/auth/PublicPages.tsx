import { Navigate, Route, Routes } from 'react-router';
import { PUBLIC_ROUTES } from '../areas';

/**
 * The areas' public pages (area.ts, publicRoutes: a payment link, a quote, a guest's ticket, the
 * legal pages) for a signed-out visitor. Its own chunk: the list of areas it reads is not what
 * the login page needs to paint. Any other path goes to the login page.
 */
export default function PublicPages() {
  return (
    <Routes>
      {PUBLIC_ROUTES.map(({ path, page: Page }) => (
        <Route key={path} path={path} element={<Page />} />
      ))}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
