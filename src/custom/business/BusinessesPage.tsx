import { useState } from 'react';
import { useCustomMutation } from '@refinedev/core';
import { Alert, Button, Flex, Form, Input, List, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { addBusinessSchema, BUSINESSES_API, type OwnedBusiness } from '../../domain/business/businesses';
import { fieldErrors } from '../../domain/schemas/common';
import { fieldMessage } from '../../providers/http';
import { errorText, translateMessage } from '../../providers/i18n/translate-message';
import { toastError, toastSuccess } from '../../resources/engine/errors';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useOwnedBusinesses } from './use-owned-businesses';

/**
 * business_management for owners (MOVER, CLUBOWNER, USER): the businesses I own, the one I work in
 * marked, switching to another (every screen then shows that business), and adding one.
 */
export default function BusinessesPage() {
  const { t } = useTranslation();
  const title = t('pages.business_management');
  useDocumentTitle(title);
  const { businesses, query, switchTo, switching } = useOwnedBusinesses();
  const [target, setTarget] = useState<string | null>(null);

  const switchToBusiness = async (b: OwnedBusiness) => {
    setTarget(b.id);
    try {
      await switchTo(b.id);
      toastSuccess(t('businesses.switched', { name: b.companyName }));
    } catch (error) {
      toastError(t, error);
    } finally {
      setTarget(null);
    }
  };

  return (
    <PagePanel title={title} intro={t('businesses.intro')}>
      <div style={{ display: 'grid', gap: 32, maxWidth: 760 }}>
        {query.error ? (
          <Alert type="error" showIcon message={errorText(t, query.error)} />
        ) : query.isLoading ? (
          <Skeleton active />
        ) : (
          <List
            bordered
            aria-label={t('businesses.listLabel')}
            dataSource={businesses}
            locale={{ emptyText: t('businesses.none') }}
            renderItem={(b) => (
              <List.Item
                actions={
                  b.selected
                    ? [
                        <Tag key="current" color="green">
                          {t('businesses.current')}
                        </Tag>,
                      ]
                    : [
                        <Button
                          key="switch"
                          onClick={() => void switchToBusiness(b)}
                          loading={switching && target === b.id}
                          disabled={switching}
                          aria-label={t('businesses.switchTo', { name: b.companyName })}
                        >
                          {t('businesses.switch')}
                        </Button>,
                      ]
                }
              >
                <List.Item.Meta
                  title={b.companyName}
                  description={[
                    t('businesses.timeZone', { zone: b.timeZone.replace(/_/g, ' ') }),
                    b.status === 'active' ? null : t('businesses.suspended'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </List.Item>
            )}
          />
        )}
        <AddBusinessForm onAdded={() => void query.refetch()} />
      </div>
    </PagePanel>
  );
}

/** POST add business: the name, checked here with the server's own rule before it is sent. */
function AddBusinessForm({ onAdded }: { onAdded: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { mutateAsync, mutation } = useCustomMutation<OwnedBusiness>();

  const add = async () => {
    const checked = addBusinessSchema.safeParse({ companyName: name });
    if (!checked.success) {
      setError(translateMessage(t, fieldErrors(checked.error).companyName ?? ''));
      return;
    }
    setError(null);
    try {
      await mutateAsync({
        url: BUSINESSES_API.add,
        method: 'post',
        values: checked.data,
        successNotification: false,
        errorNotification: false,
      });
      setName('');
      onAdded();
      toastSuccess(t('businesses.added', { name: checked.data.companyName }));
    } catch (e) {
      const field = fieldMessage(e, 'companyName');
      if (field) setError(translateMessage(t, field));
      else toastError(t, e);
    }
  };

  return (
    <section aria-labelledby="add-business-title">
      <h2 id="add-business-title" style={{ fontSize: 18, margin: '0 0 4px' }}>
        {t('businesses.addTitle')}
      </h2>
      <p style={{ marginTop: 0, opacity: 0.75 }}>{t('businesses.addHelp')}</p>
      <Form layout="vertical" onFinish={() => void add()}>
        <Form.Item
          label={t('businesses.companyName')}
          htmlFor="new-business-name"
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
        >
          <Flex gap={8} wrap>
            <Input
              id="new-business-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={100}
              style={{ flex: '1 1 240px' }}
            />
            <Button type="primary" htmlType="submit" loading={mutation.isPending}>
              {t('businesses.add')}
            </Button>
          </Flex>
        </Form.Item>
      </Form>
    </section>
  );
}
