import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "<page> · Back Office" in the tab, so every screen is told apart (and by screen readers). */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation();
  const app = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${app}` : app;
  }, [title, app]);
}
