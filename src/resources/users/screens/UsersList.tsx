import { lazy, Suspense, useState } from 'react';
import { useList } from '@refinedev/core';
import { Button } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResourceDeclaration } from '../../../domain/resources/types';
import { API } from '../../../domain/api-paths';
import ResourceList from '../../engine/ResourceList';
import { CountBadge } from '../../../ui/badges/CountBadge';

// The drawer (antd List with its Pagination and Select) loads when first opened, off the admin's first page.
const OnlineUsersDrawer = lazy(() => import('./OnlineUsersDrawer').then((m) => ({ default: m.OnlineUsersDrawer })));

/** user_management: the generated list plus an "Online users" button (with how many) opening a drawer. */
export default function UsersList({ resource }: { resource: ResourceDeclaration }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [drawerCount, setCount] = useState<number | null>(null);

  // The badge's number on arrival (one row is enough: the total comes with it); once opened, the
  // drawer keeps it current. A failure leaves the badge empty, the drawer says why.
  const { result } = useList({
    resource: 'onlineUsers',
    meta: { path: API.onlineUsers },
    pagination: { currentPage: 1, pageSize: 1, mode: 'server' },
    errorNotification: false,
  });
  const count = drawerCount ?? result.total ?? null;

  return (
    <>
      <ResourceList
        resource={resource}
        extra={
          <CountBadge count={count ?? 0} showZero={count !== null} max={999} tone="tally">
            <Button
              icon={<TeamOutlined aria-hidden />}
              onClick={() => {
                setOpen(true);
                setOpened(true);
              }}
              aria-label={count === null ? t('admin.onlineUsers.open') : t('admin.onlineUsers.openCount', { count })}
            >
              {t('admin.onlineUsers.open')}
            </Button>
          </CountBadge>
        }
      />
      {opened && (
        <Suspense fallback={null}>
          <OnlineUsersDrawer resource={resource} open={open} onClose={() => setOpen(false)} onCount={setCount} />
        </Suspense>
      )}
    </>
  );
}
