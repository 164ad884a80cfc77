import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../providers/i18n/translate-message';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { goBack } from './go-back';
import '../payments.css';

/** What a screen passes to /success. */
export interface SuccessState {
  message?: string;
}

/** /success: the message it was opened with and Go to Settings; without a message it goes back. */
export default function SuccessPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const message = (location.state as SuccessState | null)?.message;
  useDocumentTitle(t('pages.success'));

  useEffect(() => {
    if (!message) goBack(navigate, location);
  }, [message, navigate, location]);

  if (!message) return null;
  return (
    <Result
      status="success"
      title={<h1 className="payments-success-title">{translateMessage(t, message)}</h1>}
      extra={
        <Button type="primary" size="large" onClick={() => void navigate('/settings')}>
          {t('checkout.goToSettings')}
        </Button>
      }
    />
  );
}
