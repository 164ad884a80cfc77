import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Input, Popconfirm, Select, Space, Switch, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MEMBER_STATUSES, PRIVILEGE_KEYS, type MemberStatus, type Privilege } from '../../domain/team';
import { errorText } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { useSession } from '../../providers/use-session';
import { formatDate } from '../../ui/format';
import { useDocumentTitle } from '../../ui/use-document-title';
import { PagePanel } from '../../ui/PagePanel';
import { InviteMemberDialog } from './InviteMemberDialog';
import * as api from './team-api';

const PER_PAGE = 10;
const STATUS_COLORS: Record<MemberStatus, string> = { invited: 'gold', active: 'green', inactive: 'default' };

/**
 * team_management (club owners): the venue employees of the owner's business — invite by
 * email, choose which venue screens each may use, deactivate or remove them.
 */
export default function TeamPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.team_management'));
  const businessId = useSession()?.userData.business?.id ?? '';
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<MemberStatus | undefined>();
  const [rows, setRows] = useState<api.TeamMember[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const [inviting, setInviting] = useState(false);

  const fail = useCallback((error: unknown) => setFailure(errorText(t, error)), [t]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const { members, total } = await api.fetchTeam({
        page,
        perPage: PER_PAGE,
        query: query.trim() || undefined,
        status,
      });
      setRows(members);
      setTotal(total);
      setFailure(null);
    } catch (error) {
      fail(error);
    } finally {
      setLoading(false);
    }
  }, [page, query, status, fail]);

  useEffect(() => {
    void load();
  }, [load]);

  /** Runs a change, shows the result in place and reloads the list. */
  const act = async (run: () => Promise<unknown>, toast: string) => {
    try {
      await run();
      showToast({ kind: 'message', type: 'success', content: toast });
      await load();
    } catch (error) {
      fail(error);
    }
  };

  return (
    <PagePanel title={t('pages.team_management')} intro={t('team.intro')}>
      {failure && (
        <Alert
          type="error"
          showIcon
          closable
          message={failure}
          onClose={() => setFailure(null)}
          style={{ marginBottom: 16 }}
        />
      )}
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('team.search')}
            aria-label={t('team.search')}
            onSearch={(v) => {
              setQuery(v);
              setPage(1);
            }}
            style={{ width: 240 }}
          />
          <Select
            allowClear
            placeholder={t('team.fields.status')}
            aria-label={t('team.fields.status')}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            options={MEMBER_STATUSES.map((s) => ({ value: s, label: t(`team.status.${s}`) }))}
            style={{ width: 160 }}
          />
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setInviting(true)}>
          {t('team.invite')}
        </Button>
      </Space>
      <Table<api.TeamMember>
        rowKey="id"
        loading={loading}
        dataSource={rows}
        scroll={{ x: 760 }}
        locale={{ emptyText: t('team.empty') }}
        pagination={{ current: page, pageSize: PER_PAGE, total, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('team.fields.name'), dataIndex: 'name', onCell: () => ({ style: { whiteSpace: 'nowrap' } }) },
          { title: t('team.fields.email'), dataIndex: 'email' },
          {
            title: t('team.fields.status'),
            dataIndex: 'status',
            render: (s: MemberStatus) => <Tag color={STATUS_COLORS[s]}>{t(`team.status.${s}`)}</Tag>,
          },
          {
            title: t('team.fields.privileges'),
            dataIndex: 'privileges',
            render: (privileges: Privilege[], member) => (
              <Checkbox.Group
                aria-label={t('team.privilegesOf', { name: member.name })}
                value={privileges}
                onChange={(list) => {
                  // Shown at once; the reload after saving confirms it (or the error says why not).
                  setRows((all) =>
                    all.map((m) => (m.id === member.id ? { ...m, privileges: list as Privilege[] } : m)),
                  );
                  void act(() => api.setMemberPrivileges(member.id, list as Privilege[]), t('team.saved'));
                }}
                options={PRIVILEGE_KEYS.map((key) => ({ value: key, label: t(`team.privileges.${key}`) }))}
              />
            ),
          },
          { title: t('team.fields.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDate(v) },
          {
            title: t('team.fields.actions'),
            key: 'actions',
            render: (_, member) => (
              <Space wrap>
                {member.status === 'invited' ? (
                  <Button
                    size="small"
                    onClick={() =>
                      act(() => api.resendInvitation(member.id), t('team.resent', { email: member.email }))
                    }
                  >
                    {t('team.resend')}
                  </Button>
                ) : (
                  <Switch
                    size="small"
                    checked={member.status === 'active'}
                    aria-label={t('team.activeOf', { name: member.name })}
                    onChange={(on) =>
                      act(() => api.setMemberStatus(member.id, on ? 'active' : 'inactive'), t('team.saved'))
                    }
                  />
                )}
                <Popconfirm
                  title={t('team.removeTitle', { name: member.name })}
                  description={t('team.removeWarning')}
                  okText={t('team.remove')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('resourceEngine.cancel')}
                  onConfirm={() => act(() => api.removeMember(businessId, member.id), t('team.removed'))}
                >
                  <Button size="small" danger>
                    {t('team.remove')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <InviteMemberDialog
        open={inviting}
        onClose={() => setInviting(false)}
        onInvite={async (values) => {
          await api.inviteMember(values);
          setPage(1);
          await load();
        }}
      />
    </PagePanel>
  );
}
