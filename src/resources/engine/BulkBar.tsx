import { useState } from 'react';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BulkAction, ResourceDeclaration } from '../../domain/resources/types';
import { bulkAction, bulkDelete } from './api';
import { toastError, toastSuccess } from './errors';
import { bulkKey, countSentence, type CountSentence } from './labels';
import { useCan } from './use-can';
import { SteadyPopconfirm } from '../../ui/confirm/SteadyPopconfirm';

/**
 * Actions on the selected rows: delete (after a confirmation; the server deletes none when any
 * is still referenced) and the declaration's bulk actions (which need `update` access).
 */
export function BulkBar({
  resource,
  selected,
  onDone,
}: {
  resource: ResourceDeclaration;
  selected: string[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const can = useCan(resource);
  const [busy, setBusy] = useState<string | null>(null);
  if (selected.length === 0) return null;

  const run = async (key: string, call: () => Promise<number>, done: CountSentence) => {
    setBusy(key);
    try {
      const count = await call();
      toastSuccess(countSentence(t, resource, done, count));
      onDone();
    } catch (error) {
      toastError(t, error);
    } finally {
      setBusy(null);
    }
  };
  const actionButton = (action: BulkAction) => {
    const label = t(bulkKey(resource.name, action.key));
    const go = () => run(action.key, () => bulkAction(resource, action.key, selected), 'bulk.updated');
    const button = (
      <Button
        key={action.key}
        danger={action.danger}
        loading={busy === action.key}
        onClick={action.confirm ? undefined : go}
      >
        {label}
      </Button>
    );
    return action.confirm ? (
      <SteadyPopconfirm
        key={action.key}
        title={label}
        description={countSentence(t, resource, 'bulk.confirm', selected.length)}
        onConfirm={go}
      >
        {button}
      </SteadyPopconfirm>
    ) : (
      button
    );
  };

  return (
    <Flex gap={8} wrap align="center" role="toolbar" aria-label={t('resourceEngine.bulk.label')}>
      <span>{t('resourceEngine.bulk.selected', { count: selected.length })}</span>
      {can('update') && (resource.bulkActions ?? []).map(actionButton)}
      {can('delete') && (
        <SteadyPopconfirm
          title={countSentence(t, resource, 'bulk.deleteTitle', selected.length)}
          description={t('resourceEngine.bulk.deleteConfirm')}
          okText={t('resourceEngine.delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('resourceEngine.cancel')}
          onConfirm={() => run('delete', () => bulkDelete(resource, selected), 'bulk.deleted')}
        >
          <Button danger loading={busy === 'delete'}>
            {t('resourceEngine.bulk.delete')}
          </Button>
        </SteadyPopconfirm>
      )}
    </Flex>
  );
}
