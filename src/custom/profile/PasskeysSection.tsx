import { useCallback, useEffect, useMemo, useState } from 'react';
import { useCustom, useCustomMutation, type BaseRecord, type HttpError } from '@refinedev/core';
import { Alert, Button, Flex, Input, Modal, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { API } from '../../domain/api-paths';
import { MESSAGES } from '../../domain/messages';
import { fieldErrors } from '../../domain/schemas/common';
import { PASSKEY_LIMITS, renamePasskeySchema, type PasskeySummary } from '../../domain/schemas/passkey';
import { errorText, translateMessage } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { deviceName, isAbort, loadWebAuthn } from '../../ui/passkeys/passkey-ceremony';
import { passkeyErrorText } from '../../ui/passkeys/passkey-error-text';
import { registerPasskey } from '../../ui/passkeys/passkey-profile-api';
import { FormField } from '../../ui/forms/FormField';
import { formatDate, formatDateTime } from '../../ui/format';
import { SteadyPopconfirm } from '../../ui/confirm/SteadyPopconfirm';
import './profile.css';

/** One passkey of the caller's: PATCH renames it, DELETE removes it. */
const passkeyUrl = (passkeyId: string) => `${API.passkeys}?${new URLSearchParams({ passkeyId })}`;

/** The rename dialog: the same rule as the server (renamePasskeySchema), checked before sending. */
function RenameDialog({
  passkey,
  onClose,
  onRenamed,
}: {
  passkey: PasskeySummary | null;
  onClose: () => void;
  onRenamed: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { mutateAsync, mutation } = useCustomMutation<PasskeySummary, HttpError, { name: string }>();

  useEffect(() => {
    setName(passkey?.name ?? '');
    setError(undefined);
  }, [passkey]);

  const save = async () => {
    if (!passkey) return;
    const parsed = renamePasskeySchema.safeParse({ name });
    if (!parsed.success) {
      setError(translateMessage(t, fieldErrors(parsed.error).name ?? MESSAGES.invalidValue));
      return;
    }
    try {
      await mutateAsync({
        url: passkeyUrl(passkey.id),
        method: 'patch',
        values: { name: parsed.data.name },
        successNotification: false,
        errorNotification: false,
      });
      onRenamed();
    } catch (err) {
      setError(errorText(t, err));
    }
  };

  return (
    <Modal
      open={!!passkey}
      title={t('passkeys.renameTitle')}
      okText={t('passkeys.save')}
      cancelText={t('passkeys.cancel')}
      confirmLoading={mutation.isPending}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <FormField id="passkey-name" label={t('passkeys.columns.name')} error={error}>
          {(control) => (
            <Input
              {...control}
              autoFocus
              maxLength={PASSKEY_LIMITS.nameMaxLength + 10}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </FormField>
      </form>
    </Modal>
  );
}

/**
 * Profile → Security: the user's passkeys (WebAuthn). Add one on this device, rename, delete.
 * A passkey added here is then offered by the login page's email field (autofill) and its
 * "Sign in with a passkey" button.
 */
export function PasskeysSection() {
  const { t } = useTranslation();
  // The list through Refine's useCustom (the whole list fits one page); Refine's notices stay
  // off: the section says what happened in its own words.
  const { query } = useCustom<BaseRecord>({
    url: API.passkeys,
    method: 'get',
    config: { query: { page: 1, perPage: PASSKEY_LIMITS.maxPerUser } },
    errorNotification: false,
  });
  const rows = useMemo(() => (query.data?.data as PasskeySummary[] | undefined) ?? [], [query.data]);
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const { mutateAsync: remove } = useCustomMutation<BaseRecord, HttpError, undefined>();
  // The ceremony's failure; a failed read shows when there is none.
  const [addError, setAddError] = useState<string | null>(null);
  const error = addError ?? (query.error ? errorText(t, query.error) : null);
  const [adding, setAdding] = useState(false);
  const [supported, setSupported] = useState<boolean | null>(null);
  const [renaming, setRenaming] = useState<PasskeySummary | null>(null);

  useEffect(() => {
    let live = true;
    loadWebAuthn()
      .then((webauthn) => live && setSupported(webauthn.browserSupportsWebAuthn()))
      .catch(() => live && setSupported(false));
    return () => {
      live = false;
    };
  }, []);

  const add = async () => {
    setAdding(true);
    setAddError(null);
    try {
      await registerPasskey(deviceName(t));
      showToast({ kind: 'message', type: 'success', content: t('passkeys.added'), key: 'passkey-added' });
      reload();
    } catch (err) {
      if (!isAbort(err)) setAddError(passkeyErrorText(t, err));
    } finally {
      setAdding(false);
    }
  };

  const deleteOne = useCallback(
    async (row: PasskeySummary) => {
      try {
        await remove({
          url: passkeyUrl(row.id),
          method: 'delete',
          values: undefined,
          successNotification: false,
          errorNotification: false,
        });
        showToast({ kind: 'message', type: 'success', content: t('passkeys.deleted'), key: 'passkey-deleted' });
        reload();
      } catch (err) {
        showToast({ kind: 'message', type: 'error', content: errorText(t, err) });
      }
    },
    [reload, remove, t],
  );

  const columns = useMemo<TableColumnsType<PasskeySummary>>(
    () => [
      {
        key: 'name',
        title: t('passkeys.columns.name'),
        render: (_, r) => <Typography.Text strong>{r.name}</Typography.Text>,
      },
      {
        key: 'kind',
        title: t('passkeys.columns.kind'),
        responsive: ['sm'],
        render: (_, r) =>
          r.deviceType === 'multiDevice' ? (
            <Tag color="blue">{t('passkeys.synced')}</Tag>
          ) : (
            <Tag>{t('passkeys.deviceBound')}</Tag>
          ),
      },
      {
        key: 'created',
        title: t('passkeys.columns.created'),
        responsive: ['md'],
        render: (_, r) => formatDate(r.createdAt),
      },
      {
        key: 'lastUsed',
        title: t('passkeys.columns.lastUsed'),
        render: (_, r) => (r.lastUsedAt ? formatDateTime(r.lastUsedAt) : t('passkeys.never')),
      },
      {
        key: 'actions',
        title: t('passkeys.columns.actions'),
        render: (_, r) => (
          <Flex gap={8} wrap>
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label={`${t('passkeys.rename')}: ${r.name}`}
              onClick={() => setRenaming(r)}
            />
            <SteadyPopconfirm
              title={t('passkeys.deleteConfirm')}
              okText={t('passkeys.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('passkeys.cancel')}
              onConfirm={() => deleteOne(r)}
            >
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={`${t('passkeys.delete')}: ${r.name}`} />
            </SteadyPopconfirm>
          </Flex>
        ),
      },
    ],
    [deleteOne, t],
  );

  const full = rows.length >= PASSKEY_LIMITS.maxPerUser;

  return (
    <section aria-labelledby="passkeys-title">
      <Flex justify="space-between" align="baseline" gap={16} wrap>
        <Typography.Title level={4} id="passkeys-title" className="profile-section-title">
          {t('passkeys.title')}
        </Typography.Title>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          loading={adding}
          disabled={supported === false || full}
          onClick={add}
        >
          {t('passkeys.add')}
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary">{t('passkeys.description')}</Typography.Paragraph>
      {supported === false && (
        <Alert type="warning" showIcon message={t('passkeys.unsupported')} className="profile-alert" />
      )}
      {error && <Alert type="error" showIcon message={error} className="profile-alert" />}
      <Table<PasskeySummary>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={query.isFetching}
        pagination={false}
        locale={{ emptyText: t('passkeys.empty') }}
      />
      <RenameDialog
        passkey={renaming}
        onClose={() => setRenaming(null)}
        onRenamed={() => {
          setRenaming(null);
          // Read again: the list shows the name as the server stored it (trimmed).
          reload();
          showToast({ kind: 'message', type: 'success', content: t('passkeys.renamed'), key: 'passkey-renamed' });
        }}
      />
    </section>
  );
}
