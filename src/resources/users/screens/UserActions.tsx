import { useState } from 'react';
import { useInvalidate } from '@refinedev/core';
import { Button, Flex, Popconfirm, Tag, theme } from 'antd';
import { CheckCircleOutlined, KeyOutlined, PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResourceDeclaration } from '../../../domain/resources/types';
import type { UserStatus } from '../../../domain/schemas/admin-user';
import { useSession } from '../../../providers/use-session';
import { toastError, toastSuccess } from '../../engine/errors';
import type { RecordRow } from '../../engine/FieldValue';
import { optionLabel } from '../../engine/labels';
import { setUserStatus } from './admin-users-api';
import { SetPasswordDialog } from './SetPasswordDialog';

type Busy = 'activate' | 'deactivate' | 'verify' | null;

/**
 * user_details' account actions: activate / deactivate (deactivating signs the user out
 * everywhere, so it asks first), verify, and set a password. After each, the record and its
 * history are fetched again (the engine's show page reloads its history when updatedAt moves).
 */
export function UserActions({ resource, record }: { resource: ResourceDeclaration; record: RecordRow }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const invalidate = useInvalidate();
  const session = useSession();
  const [busy, setBusy] = useState<Busy>(null);
  const [settingPassword, setSettingPassword] = useState(false);
  const status = String(record.status ?? '') as UserStatus;
  const email = String(record.email ?? '');
  const isSelf = session?.userData.id === record.id;

  const refresh = () =>
    invalidate({ resource: resource.name, id: record.id, invalidates: ['detail', 'list'] }).catch(() => undefined);

  const run = async (kind: Exclude<Busy, null>, done: string) => {
    setBusy(kind);
    try {
      await setUserStatus(
        record.id,
        kind === 'verify' ? { isVerified: true } : { status: kind === 'activate' ? 'active' : 'inactive' },
      );
      toastSuccess(done);
      await refresh();
    } catch (error) {
      toastError(t, error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section
      aria-labelledby="user-actions-title"
      style={{
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${token.colorBorderSecondary}`,
        padding: `clamp(16px, 3vw, ${token.paddingLG}px)`,
      }}
    >
      <h2 id="user-actions-title" style={{ margin: 0, fontSize: token.fontSizeHeading4, fontWeight: 600 }}>
        {t('admin.userDetails.actionsTitle')}
      </h2>
      <Flex gap={8} wrap align="center" style={{ marginTop: token.marginSM }}>
        <span>{t('admin.userDetails.accountIs')}</span>
        <Tag color={status === 'active' ? 'green' : 'red'}>{optionLabel(t, resource, 'status', status)}</Tag>
        <Tag color={record.isVerified ? 'green' : 'gold'}>
          {t(record.isVerified ? 'admin.userDetails.verified' : 'admin.userDetails.notVerified')}
        </Tag>
      </Flex>
      <Flex gap={8} wrap style={{ marginTop: token.margin }}>
        {status === 'inactive' ? (
          <Button
            type="primary"
            icon={<PlayCircleOutlined aria-hidden />}
            loading={busy === 'activate'}
            disabled={busy !== null}
            onClick={() => void run('activate', t('admin.userDetails.activated', { email }))}
          >
            {t('admin.userDetails.activate')}
          </Button>
        ) : (
          <Popconfirm
            title={t('admin.userDetails.deactivateTitle', { email })}
            description={<div style={{ maxWidth: 280 }}>{t('admin.userDetails.deactivateWarning')}</div>}
            okText={t('admin.userDetails.deactivate')}
            okButtonProps={{ danger: true }}
            cancelText={t('admin.cancel')}
            onConfirm={() => run('deactivate', t('admin.userDetails.deactivated', { email }))}
            disabled={isSelf}
          >
            <Button
              danger
              icon={<StopOutlined aria-hidden />}
              loading={busy === 'deactivate'}
              disabled={busy !== null || isSelf}
            >
              {t('admin.userDetails.deactivate')}
            </Button>
          </Popconfirm>
        )}
        {!record.isVerified && (
          <Button
            icon={<CheckCircleOutlined aria-hidden />}
            loading={busy === 'verify'}
            disabled={busy !== null}
            onClick={() => void run('verify', t('admin.userDetails.verifiedDone', { email }))}
          >
            {t('admin.userDetails.verify')}
          </Button>
        )}
        <Button icon={<KeyOutlined aria-hidden />} disabled={busy !== null} onClick={() => setSettingPassword(true)}>
          {t('admin.userDetails.setPassword')}
        </Button>
      </Flex>
      {isSelf && (
        <p style={{ margin: `${token.marginSM}px 0 0`, color: token.colorTextSecondary }}>
          {t('admin.userDetails.selfNote')}
        </p>
      )}
      {settingPassword && (
        <SetPasswordDialog
          userId={record.id}
          email={email}
          onClose={() => setSettingPassword(false)}
          onDone={() => {
            setSettingPassword(false);
            toastSuccess(t('admin.userDetails.passwordSet', { email }));
            void refresh();
          }}
        />
      )}
    </section>
  );
}
