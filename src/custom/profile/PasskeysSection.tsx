import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Flex, Input, Modal, Popconfirm, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '../../domain/messages';
import { fieldErrors } from '../../domain/schemas/common';
import { PASSKEY_LIMITS, renamePasskeySchema, type PasskeySummary } from '../../domain/schemas/passkey';
import { errorText, translateMessage } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { deletePasskey, listPasskeys, registerPasskey, renamePasskey } from '../auth/passkey-profile-api';
import { deviceName, isAbort, loadWebAuthn, passkeyErrorText } from '../auth/passkey-ceremony';
import { FormField } from '../../ui/forms/FormField';
import { formatDate, formatDateTime } from '../../ui/format';

/** The rename dialog: the same rule as the server (renamePasskeySchema), checked before sending. */
function RenameDialog({
  passkey,
  onClose,
  onRenamed,
}: {
  passkey: PasskeySummary | null;
  onClose: () => void;
  onRenamed: (row: PasskeySummary) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

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
    setSaving(true);
    try {
      onRenamed(await renamePasskey(passkey.id, parsed.data.name));
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!passkey}
      title={t('passkeys.renameTitle')}
      okText={t('passkeys.save')}
      cancelText={t('passkeys.cancel')}
      confirmLoading={saving}
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
  const [rows, setRows] = useState<PasskeySummary[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [supported, setSupported] = useState<boolean | null>(null);
  const [renaming, setRenaming] = useState<PasskeySummary | null>(null);
  const [reloadKey, setReloadKey] = useState(0);

  useEffect(() => {
    let live = true;
    loadWebAuthn()
      .then((webauthn) => live && setSupported(webauthn.browserSupportsWebAuthn()))
      .catch(() => live && setSupported(false));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    listPasskeys(controller.signal)
      .then((list) => {
        setRows(list);
        setError(null);
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setError(errorText(t, err));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [reloadKey, t]);

  const add = async () => {
    setAdding(true);
    setError(null);
    try {
      await registerPasskey(deviceName(t));
      showToast({ kind: 'message', type: 'success', content: t('passkeys.added'), key: 'passkey-added' });
      setReloadKey((k) => k + 1);
    } catch (err) {
      if (!isAbort(err)) setError(passkeyErrorText(t, err));
    } finally {
      setAdding(false);
    }
  };

  const remove = useCallback(
    async (row: PasskeySummary) => {
      try {
        await deletePasskey(row.id);
        showToast({ kind: 'message', type: 'success', content: t('passkeys.deleted'), key: 'passkey-deleted' });
        setReloadKey((k) => k + 1);
      } catch (err) {
        showToast({ kind: 'message', type: 'error', content: errorText(t, err) });
      }
    },
    [t],
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
            <Popconfirm
              title={t('passkeys.deleteConfirm')}
              okText={t('passkeys.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('passkeys.cancel')}
              onConfirm={() => remove(r)}
            >
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={`${t('passkeys.delete')}: ${r.name}`} />
            </Popconfirm>
          </Flex>
        ),
      },
    ],
    [remove, t],
  );

  const full = rows.length >= PASSKEY_LIMITS.maxPerUser;

  return (
    <section aria-labelledby="passkeys-title">
      <Flex justify="space-between" align="baseline" gap={16} wrap>
        <Typography.Title level={4} id="passkeys-title" style={{ marginTop: 0 }}>
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
        <Alert type="warning" showIcon message={t('passkeys.unsupported')} style={{ marginBottom: 16 }} />
      )}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Table<PasskeySummary>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        locale={{ emptyText: t('passkeys.empty') }}
      />
      <RenameDialog
        passkey={renaming}
        onClose={() => setRenaming(null)}
        onRenamed={(row) => {
          setRenaming(null);
          setRows((current) => current.map((r) => (r.id === row.id ? row : r)));
          showToast({ kind: 'message', type: 'success', content: t('passkeys.renamed'), key: 'passkey-renamed' });
        }}
      />
    </section>
  );
}
