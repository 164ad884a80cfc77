import { Button, Empty, List, Typography } from 'antd';
import { UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FILES } from '../../domain/files/rules';
import type { TrashEntry } from '../../domain/files/wire';
import { useClock } from '../../ui/venue/use-clock';
import { formatBytes } from './tree-model';

/** The trash: what was deleted, from where and when, each with Restore (kept 30 days). */
export function TrashPanel({
  entries,
  busy,
  onRestore,
}: {
  entries: TrashEntry[];
  busy: boolean;
  onRestore: (id: string) => void;
}) {
  const { t } = useTranslation();
  const clock = useClock();
  if (entries.length === 0) return <Empty description={t('files.trashEmpty')} />;
  return (
    <>
      <Typography.Paragraph type="secondary">{t('files.trashIntro', { days: FILES.trashDays })}</Typography.Paragraph>
      <List
        className="files-trash"
        aria-label={t('files.trash')}
        dataSource={entries}
        renderItem={({ node, path, files, bytes }) => (
          <List.Item
            actions={[
              <Button
                key="restore"
                icon={<UndoOutlined />}
                disabled={busy}
                aria-label={t('files.restoreNamed', { name: node.name })}
                title={t('files.restore')}
                onClick={() => onRestore(node.id)}
              >
                <span className="files-restore-label">{t('files.restore')}</span>
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={node.name}
              description={t('files.trashLine', {
                path,
                when: clock.dateTime(node.deletedAt ?? node.updatedAt),
                count: files,
                size: formatBytes(bytes),
              })}
            />
          </List.Item>
        )}
      />
    </>
  );
}
