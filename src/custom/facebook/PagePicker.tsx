import { useEffect, useState } from 'react';
import { Alert, Button, Radio, Spin } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ReadFailed } from './ReadFailed';
import { errorText } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { useFacebookPages, useFacebookWrites } from './facebook-api';

/**
 * The pages the connected account manages, to choose the one this business uses. A failed
 * read says why in the owner's language; the status is read again with it (onFailure), since
 * Facebook refusing the token turns the screen to "reconnect".
 */
export function PagePicker({ selectedId, onFailure }: { selectedId: string | null; onFailure: () => void }) {
  const { t } = useTranslation();
  const { pages, query } = useFacebookPages();
  const { selectPage } = useFacebookWrites();
  // The page picked here, else the one in use.
  const [picked, setPicked] = useState<string | null>(null);
  const choice = picked ?? selectedId;
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (query.isError) onFailure();
  }, [query.isError, onFailure]);

  const save = async () => {
    if (!choice) return;
    setFailure(null);
    setSaving(true);
    try {
      const status = await selectPage(choice);
      showToast({
        kind: 'message',
        type: 'success',
        content: t('facebook.pages.saved', { name: status.page?.name ?? '' }),
      });
    } catch (error) {
      setFailure(errorText(t, error));
    } finally {
      setSaving(false);
    }
  };

  let body;
  if (query.isError) body = <ReadFailed error={query.error} retry={() => void query.refetch()} />;
  else if (!pages) body = <Spin aria-label={t('facebook.pages.loading')} />;
  else if (!pages.length) body = <p className="facebook-muted">{t('facebook.pages.none')}</p>;
  else
    body = (
      <>
        <Radio.Group
          className="facebook-pages"
          aria-labelledby="facebook-pages"
          value={choice}
          onChange={(e) => setPicked(String(e.target.value))}
          options={pages.map((page) => ({
            value: page.id,
            label: (
              <span className="facebook-page">
                <span className="facebook-page-name">{page.name}</span>
                <span className="facebook-muted">
                  {[page.category, t('facebook.pageId', { id: page.id })].filter(Boolean).join(' · ')}
                  {page.id === selectedId && ` · ${t('facebook.pages.inUse')}`}
                </span>
              </span>
            ),
          }))}
        />
        {failure && <Alert type="error" showIcon message={failure} className="facebook-failure" />}
        <div className="facebook-actions">
          <Button
            type="primary"
            loading={saving}
            disabled={!choice || choice === selectedId}
            onClick={() => void save()}
          >
            {t('facebook.pages.save')}
          </Button>
          <Button icon={<ReloadOutlined />} loading={query.isFetching && !saving} onClick={() => void query.refetch()}>
            {t('facebook.pages.reload')}
          </Button>
        </div>
      </>
    );

  return (
    <section aria-labelledby="facebook-pages" className="facebook-section">
      <h2 id="facebook-pages" className="facebook-heading">
        {t('facebook.pages.title')}
      </h2>
      <p className="facebook-text facebook-muted">{t('facebook.pages.intro')}</p>
      {body}
    </section>
  );
}
