import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { FACEBOOK_SETTINGS } from '../../domain/facebook/api';

/** The server has no Facebook app: said plainly, with what an administrator sets. Nothing else is offered. */
export function NotConfigured() {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      message={t('facebook.notConfigured.title')}
      description={
        <>
          <p className="facebook-text">{t('facebook.notConfigured.text')}</p>
          <ul className="facebook-settings">
            {FACEBOOK_SETTINGS.map((name) => (
              <li key={name}>
                <code>{name}</code>
              </li>
            ))}
          </ul>
          <p className="facebook-text">{t('facebook.notConfigured.more')}</p>
        </>
      }
    />
  );
}
