import { useState } from 'react';
import { useInvalidate } from '@refinedev/core';
import { Button, theme } from 'antd';
import { CheckCircleOutlined, KeyOutlined, PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResourceDeclaration } from '../../../domain/resources/types';
import type { UserStatus } from '../../../domain/schemas/admin-user';
import { useSession } from '../../../providers/use-session';
import { toastError, toastSuccess } from '../../engine/errors';
import type { RecordRow } from '../../engine/FieldValue';
import { setUserStatus } from './admin-users-api';
import { SetPasswordDialog } from './SetPasswordDialog';
import { SteadyPopconfirm } from '../../../ui/confirm/SteadyPopconfirm';

type Busy = 'activate' | 'deactivate' | 'verify' | null;

/**
 * user_details' account actions, beside the generated Edit button: activate / deactivate (deactivating signs the user out
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
    <>
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
      ) : isSelf ? null : (
        <SteadyPopconfirm
          title={t('admin.userDetails.deactivateTitle', { email })}
          description={<div style={{ maxWidth: 280 }}>{t('admin.userDetails.deactivateWarning')}</div>}
          okText={t('admin.userDetails.deactivate')}
          okButtonProps={{ danger: true }}
          cancelText={t('admin.cancel')}
          onConfirm={() => run('deactivate', t('admin.userDetails.deactivated', { email }))}
        >
          <Button danger icon={<StopOutlined aria-hidden />} loading={busy === 'deactivate'} disabled={busy !== null}>
            {t('admin.userDetails.deactivate')}
          </Button>
        </SteadyPopconfirm>
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
      {/* An administrator locking themselves out (and signing out everywhere) is never intended. */}
      {isSelf && (
        <span style={{ alignSelf: 'center', color: token.colorTextSecondary }}>{t('admin.userDetails.selfNote')}</span>
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
    </>
  );
}
