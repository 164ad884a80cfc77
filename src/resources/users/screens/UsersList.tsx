import { lazy, Suspense, useEffect, useState } from 'react';
import { Badge, Button } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResourceDeclaration } from '../../../domain/resources/types';
import ResourceList from '../../engine/ResourceList';
import { fetchOnlineUsers } from './admin-users-api';

// The drawer (antd List with its Pagination and Select) loads when first opened, off the admin's first page.
const OnlineUsersDrawer = lazy(() => import('./OnlineUsersDrawer').then((m) => ({ default: m.OnlineUsersDrawer })));

/** user_management: the generated list plus an "Online users" button (with how many) opening a drawer. */
export default function UsersList({ resource }: { resource: ResourceDeclaration }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [count, setCount] = useState<number | null>(null);

  // The badge's number once on arrival; the open drawer keeps it current after that.
  useEffect(() => {
    const controller = new AbortController();
    fetchOnlineUsers(1, 1, controller.signal)
      .then(({ paging, users }) => setCount(paging?.totalCount ?? users.length))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  return (
    <>
      <ResourceList
        resource={resource}
        extra={
          <Badge count={count ?? 0} showZero={count !== null} overflowCount={999} color="green" offset={[-4, 4]}>
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
          </Badge>
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
