import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { publicFormPage } from '../../domain/forms/api';
import { answersFromUrl } from '../../domain/forms/evaluate';
import type { PublicForm } from '../../domain/forms/wire';
import { MESSAGES } from '../../domain/messages';
import { isApiError } from '../../providers/http';
import { errorText } from '../../providers/i18n/translate-message';
import { PublicCard } from '../../ui/shell/PublicCard';
import { useDocumentTitle } from '../../ui/use-document-title';
import { getPublicForm, submitAnswers, uploadFormFile } from './forms-api';

// The renderer (antd's form controls) loads with the form, never in the first load.
const FormRenderer = lazy(() => import('./renderer/FormRenderer'));

type Loaded =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'error'; message: string }
  | { kind: 'form'; form: PublicForm };

/**
 * /f/:slug — a published form for anyone, signed in or not. An old slug's call is answered 308 by
 * the server and followed by the browser; the address then shows the form's current slug. A form
 * its admin closed shows only its name and that it takes no answers (also when it closes while
 * the page is open: the send is refused and the page says so); a deleted one leads nowhere (404).
 */
export default function PublicFormPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  const [sent, setSent] = useState(false);
  // Closed while this page was open: the send was refused (409 formClosed), the page says so.
  const [closedMeanwhile, setClosedMeanwhile] = useState(false);
  useDocumentTitle(state.kind === 'form' ? state.form.name : t('forms.public.title'));

  useEffect(() => {
    let live = true;
    getPublicForm(slug)
      .then((form) => {
        if (!live) return;
        setState({ kind: 'form', form });
        if (form.slug !== slug)
          void navigate(`${publicFormPage(form.slug)}${window.location.search}`, { replace: true });
      })
      .catch((error: unknown) => {
        if (!live) return;
        // The address's slug is this read's only input: one no form can have (longer than any,
        // refused as invalid) leads nowhere too, not to 'Some fields are not valid'.
        if (isApiError(error) && (error.status === 404 || error.status === 400)) setState({ kind: 'missing' });
        else setState({ kind: 'error', message: errorText(t, error) });
      });
    return () => {
      live = false;
    };
  }, [slug, t, navigate]);

  const form = state.kind === 'form' ? state.form : null;
  const initial = useMemo(() => (form ? answersFromUrl(form.fields, params) : {}), [form, params]);

  let body;
  if (state.kind === 'loading') body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (state.kind === 'missing')
    body = <Result status="404" title={t('forms.public.missingTitle')} subTitle={t('forms.public.missing')} />;
  else if (state.kind === 'error') body = <Result status="error" title={state.message} />;
  else if (state.form.closed || closedMeanwhile)
    body = (
      <Result
        status="warning"
        title={t('forms.public.closedTitle')}
        subTitle={t('forms.public.closed')}
        data-testid="form-closed"
      />
    );
  else if (sent)
    body = <Result status="success" title={t('forms.public.thanks')} subTitle={t('forms.public.received')} />;
  else
    body = (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
        <FormRenderer
          fields={state.form.fields}
          initial={initial}
          submitLabel={t('forms.public.send')}
          upload={(key, file, onProgress) =>
            uploadFormFile(state.form.slug, state.form.startToken, key, file, onProgress)
          }
          onSubmit={async (answers, website) => {
            try {
              await submitAnswers(state.form.slug, { answers, startToken: state.form.startToken, website });
            } catch (error) {
              if (isApiError(error) && error.status === 409 && error.message === MESSAGES.formClosed)
                return setClosedMeanwhile(true);
              throw error;
            }
            setSent(true);
          }}
        />
      </Suspense>
    );

  return (
    <PublicCard titleId="public-form-title" title={form?.name ?? t('forms.public.title')} maxWidth={640}>
      {body}
    </PublicCard>
  );
}
