import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_API, UNSUBSCRIBE_LANGUAGE_PARAM } from '../../domain/campaigns/api';
import type { UnsubscribeAnswer } from '../../domain/campaigns/wire';
import { MESSAGES } from '../../domain/messages';
import { http } from '../../providers/http';
import { changeLanguage, currentLanguage, isLanguage } from '../../providers/i18n/i18n';
import { errorText, translateMessage } from '../../providers/i18n/translate-message';
import { PublicCard } from '../../ui/shell/PublicCard';
import { useDocumentTitle } from '../../ui/use-document-title';

type State = { kind: 'loading' } | { kind: 'invalid'; message: string } | { kind: 'ready'; info: UnsubscribeAnswer };

/**
 * /unsubscribe?token=… — the page a campaign mail's unsubscribe link opens (no sign-in): who the
 * link is for and one button. The address is off the business's list when the answer comes back.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('campaigns.unsubscribe.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // The mail's language, which the link carries (the reader has no account to read it from).
  const language = params.get(UNSUBSCRIBE_LANGUAGE_PARAM);
  useEffect(() => {
    if (isLanguage(language) && language !== currentLanguage()) void changeLanguage(language);
  }, [language]);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const url = `${CAMPAIGN_API.unsubscribe}?token=${encodeURIComponent(token)}`;

  useEffect(() => {
    // A link cut short before its token (a mail app's line break) leads nowhere: said as for a
    // wrong token, not as the server's 'Some fields are not valid' about a field nobody sees.
    if (!token) return setState({ kind: 'invalid', message: translateMessage(t, MESSAGES.unsubscribeLinkInvalid) });
    let live = true;
    http
      .get<UnsubscribeAnswer>(url)
      .then((res) => live && setState({ kind: 'ready', info: res.data }))
      .catch((error: unknown) => live && setState({ kind: 'invalid', message: errorText(t, error) }));
    return () => {
      live = false;
    };
  }, [url, token, t]);

  const confirm = async () => {
    setBusy(true);
    try {
      setState({ kind: 'ready', info: (await http.post<UnsubscribeAnswer>(url, {})).data });
    } catch (error) {
      setState({ kind: 'invalid', message: errorText(t, error) });
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (state.kind === 'loading') body = <Skeleton active />;
  else if (state.kind === 'invalid') body = <Result status="warning" title={state.message} />;
  else {
    const names = { email: state.info.email, business: state.info.businessName };
    body = state.info.unsubscribed ? (
      <Result status="success" title={t('campaigns.unsubscribe.done', names)} />
    ) : (
      <Result
        status="info"
        title={t('campaigns.unsubscribe.question', names)}
        extra={
          <Button type="primary" danger loading={busy} onClick={() => void confirm()}>
            {t('campaigns.unsubscribe.confirm')}
          </Button>
        }
      />
    );
  }
  return (
    <PublicCard titleId="unsubscribe-title" title={t('campaigns.unsubscribe.title')} maxWidth={560}>
      {body}
    </PublicCard>
  );
}
