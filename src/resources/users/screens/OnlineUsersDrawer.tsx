import { useEffect, useRef, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { useList } from '@refinedev/core';
import { Link } from 'react-router';
import { Alert, Button, Drawer, Empty, List, Pagination, Tag, theme } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResourceDeclaration } from '../../../domain/resources/types';
import { API } from '../../../domain/api-paths';
import { formatDateTime } from '../../../ui/format';
import { routeTo } from '../../route-rules';
import { errorText } from '../../engine/errors';
import { optionLabel } from '../../engine/labels';
import type { OnlineUser } from './admin-users-api';

/** Sessions come and go; while the drawer is open it asks again this often. */
export const ONLINE_REFRESH_MS = 30_000;
const PER_PAGE = 20;

/**
 * Who is signed in right now (a live session seen in the last 5 minutes), newest activity
 * first, each linking to the user's details. Refreshed every 30 s while open.
 */
export function OnlineUsersDrawer({
  resource,
  open,
  onClose,
  onCount,
}: {
  resource: ResourceDeclaration;
  open: boolean;
  onClose: () => void;
  onCount?: (count: number) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [page, setPage] = useState(1);
  const countRef = useRef(onCount);
  countRef.current = onCount;
  // Refine's useList while open: on opening, every 30 s and on Refresh; the page shown stays
  // while the next loads. Closed, it asks nothing.
  const { result, query } = useList<OnlineUser>({
    resource: 'onlineUsers',
    meta: { path: API.onlineUsers },
    pagination: { currentPage: page, pageSize: PER_PAGE, mode: 'server' },
    queryOptions: { enabled: open, refetchInterval: ONLINE_REFRESH_MS, placeholderData: keepPreviousData },
    // The error is shown in the drawer, in its words.
    errorNotification: false,
  });
  // When the last answer came (the page kept on screen while the next loads has no time of its own).
  const answered = query.isPlaceholderData ? 0 : query.dataUpdatedAt;
  const answeredAt = useRef(0);
  if (answered) answeredAt.current = answered;
  const total = result.total ?? result.data.length;
  const state = query.data ? { users: result.data, at: answeredAt.current } : null;
  const error = query.error ? errorText(t, query.error) : null;

  // Each answer tells the list's badge how many are online.
  useEffect(() => {
    if (answered) countRef.current?.(total);
  }, [answered, total]);

  const name = (user: OnlineUser) => `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() || user.email;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('admin.onlineUsers.title')}
      width="min(440px, 100vw)"
      extra={
        <Button
          icon={<ReloadOutlined aria-hidden />}
          loading={query.isFetching}
          onClick={() => void query.refetch()}
          aria-label={t('admin.onlineUsers.refresh')}
        >
          {t('admin.onlineUsers.refresh')}
        </Button>
      }
    >
      <p style={{ marginTop: 0, color: token.colorTextSecondary }} aria-live="polite">
        {state
          ? t('admin.onlineUsers.summary', { count: total, time: formatDateTime(state.at) })
          : t('admin.onlineUsers.intro')}
      </p>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: token.margin }} />}
      {state && state.users.length === 0 ? (
        <Empty description={t('admin.onlineUsers.empty')} />
      ) : (
        <List<OnlineUser>
          loading={!state && !error}
          dataSource={state?.users ?? []}
          renderItem={(user) => (
            <List.Item key={user.id}>
              <div style={{ display: 'grid', gap: 2, width: '100%', minWidth: 0 }}>
                <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Link to={routeTo(resource.routes.show!, user.id)} onClick={onClose} style={{ fontWeight: 500 }}>
                    {name(user)}
                  </Link>
                  <Tag style={{ marginInlineEnd: 0 }}>{optionLabel(t, resource, 'role', user.roleName)}</Tag>
                </div>
                <div style={{ color: token.colorTextSecondary, overflowWrap: 'anywhere' }}>{user.email}</div>
                <div style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
                  {t('admin.onlineUsers.lastSeen', { time: formatDateTime(user.lastSeenAt) })} ·{' '}
                  {t('admin.onlineUsers.sessions', { count: user.sessions })}
                </div>
              </div>
            </List.Item>
          )}
        />
      )}
      {total > PER_PAGE && (
        <Pagination
          size="small"
          current={page}
          pageSize={PER_PAGE}
          total={total}
          onChange={setPage}
          showSizeChanger={false}
          style={{ marginTop: token.margin }}
        />
      )}
    </Drawer>
  );
}
