import { Alert, List, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RelatedList, ResourceDeclaration } from '../../domain/resources/types';
import type { relatedItemsAnswer } from '../../domain/resources/wire';
import { useApiQuery } from '../../providers/use-api';
import { useClock } from '../../ui/venue/use-clock';
import { errorText } from './errors';
import { relatedKey } from './labels';
import { RecordSection } from './RecordSection';

/**
 * A read-only child list on a record's page (ResourceDeclaration.related), e.g. a customer's
 * contracted services: `GET <path>?<idParam>=<id>` through useApiQuery (Refine's useCustom), so
 * it shares the cache and error handling of every other call.
 */
export function RelatedSection({
  resource,
  related,
  id,
  version,
}: {
  resource: ResourceDeclaration;
  related: RelatedList;
  id: string;
  /** The record's updatedAt: a change re-reads the list. */
  version?: unknown;
}) {
  const { t } = useTranslation();
  const clock = useClock();
  const { data, query } = useApiQuery<typeof relatedItemsAnswer>({
    url: related.path,
    query: { [related.idParam]: id },
    queryOptions: { queryKey: ['related', resource.name, related.key, id, version] },
  });
  const items = data ?? null;
  const key = (part: string) => relatedKey(resource.name, related.key, part);
  const titleId = `related-${related.key}-title`;
  return (
    <RecordSection titleId={titleId} title={t(key('title'))}>
      {query.error ? (
        <Alert type="error" showIcon message={errorText(t, query.error)} className="engine-section__alert" />
      ) : !items ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : items.length === 0 ? (
        <Typography.Paragraph type="secondary" className="engine-section__empty">
          {t(key('empty'))}
        </Typography.Paragraph>
      ) : (
        <List
          dataSource={items}
          rowKey="id"
          renderItem={(item) => (
            <List.Item>
              <List.Item.Meta
                title={item.link ? <Link to={item.link}>{item.title}</Link> : item.title}
                description={[t(key(`kinds.${item.kind}`), { defaultValue: item.kind }), clock.date(item.date)]
                  .filter(Boolean)
                  .join(' · ')}
              />
              {item.status && <Tag>{t(key(`status.${item.status}`), { defaultValue: item.status })}</Tag>}
            </List.Item>
          )}
        />
      )}
    </RecordSection>
  );
}
