import { useState } from 'react';
import { useCustomMutation, type CrudFilter, type HttpError } from '@refinedev/core';
import { Alert, Button, Checkbox, Flex, Input, Space, Switch, Tag } from 'antd';
import { Select } from '../../ui/forms/Select';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { API } from '../../domain/api-paths';
import { MEMBER_STATUSES, PRIVILEGE_KEYS, type MemberStatus, type Privilege } from '../../domain/team';
import { errorText } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { useSession } from '../../providers/use-session';
import { useClock } from '../../ui/venue/use-clock';
import { useDocumentTitle } from '../../ui/use-document-title';
import { PagePanel } from '../../ui/PagePanel';
import { PagedTable } from '../../ui/tables/PagedTable';
import { usePagedRows } from '../../ui/tables/use-paged-rows';
import { InviteMemberDialog } from './InviteMemberDialog';
import type { TeamMember } from './team-api';
import { SteadyPopconfirm } from '../../ui/confirm/SteadyPopconfirm';
import './team.css';

const PER_PAGE = 10;
const STATUS_COLORS: Record<MemberStatus, string> = { invited: 'gold', active: 'green', inactive: 'default' };
/** The cache key's resource name for the team list (also the live channel `resources/team`). */
const TEAM = 'team';

type Change = { url: string; method: 'post' | 'put' | 'patch' | 'delete'; values?: unknown };

/**
 * team_management (club owners): the venue employees of the owner's business — invite by
 * email, choose which venue screens each may use, deactivate or remove them. The list is a
 * PagedTable on usePagedRows (filters as query parameters, a page of 10); each change is a
 * useCustomMutation, then the list is read again.
 */
export default function TeamPage() {
  const { t } = useTranslation();
  const clock = useClock();
  useDocumentTitle(t('pages.team_management'));
  const businessId = useSession()?.userData.business?.id ?? '';
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<MemberStatus | undefined>();
  const [inviting, setInviting] = useState(false);

  const filters = Object.entries({ query: query.trim(), status: status ?? '' })
    .filter(([, value]) => value !== '')
    .map(([field, value]): CrudFilter => ({ field, operator: 'eq', value }));
  const list = usePagedRows<TeamMember>({ resource: TEAM, path: API.team, filters, perPage: PER_PAGE });
  const { mutateAsync } = useCustomMutation<TeamMember, HttpError, unknown>();

  // A failed change, and privileges ticked but not yet confirmed, hold until the list is read
  // again (`at` is the answer they were made on): a newer answer replaces both.
  const loadedAt = list.loadedAt;
  const [failure, setFailure] = useState<{ text: string; at: number } | null>(null);
  const [ticked, setTicked] = useState<{ at: number; byId: Record<string, Privilege[]> }>({ at: 0, byId: {} });
  const [dismissed, setDismissed] = useState<unknown>(null);
  const readFailure = list.error && list.error !== dismissed ? errorText(t, list.error) : null;
  const shownFailure = (failure?.at === loadedAt ? failure.text : null) ?? readFailure;
  const pending = ticked.at === loadedAt ? ticked.byId : {};
  const rows = list.rows.map((m) => (pending[m.id] ? { ...m, privileges: pending[m.id]! } : m));

  const send = (change: Change) =>
    mutateAsync({ ...change, values: change.values, successNotification: false, errorNotification: false });

  /** Runs a change, shows the result in place and reloads the list. */
  const act = async (change: Change, toast: string) => {
    try {
      await send(change);
      showToast({ kind: 'message', type: 'success', content: toast });
      list.reload();
    } catch (error) {
      setFailure({ text: errorText(t, error), at: loadedAt });
    }
  };

  return (
    <PagePanel title={t('pages.team_management')} intro={t('team.intro')}>
      {shownFailure && (
        <Alert
          type="error"
          showIcon
          closable
          message={shownFailure}
          onClose={() => {
            setFailure(null);
            setDismissed(list.error);
          }}
          className="team-alert"
        />
      )}
      <Flex wrap gap="small" align="center" justify="space-between" className="team-toolbar">
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('team.search')}
            aria-label={t('team.search')}
            onSearch={(v) => {
              setQuery(v);
              list.setPage(1);
            }}
            className="team-search"
          />
          <Select
            allowClear
            placeholder={t('team.fields.status')}
            aria-label={t('team.fields.status')}
            value={status}
            onChange={(v) => {
              setStatus(v);
              list.setPage(1);
            }}
            options={MEMBER_STATUSES.map((s) => ({ value: s, label: t(`team.status.${s}`) }))}
            className="team-status"
          />
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setInviting(true)}>
          {t('team.invite')}
        </Button>
      </Flex>
      <PagedTable<TeamMember>
        {...list.table}
        rows={rows}
        emptyText={t('team.empty')}
        pager={{ showSizeChanger: false }}
        columns={[
          { title: t('team.fields.name'), dataIndex: 'name', className: 'team-name' },
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
                  const privileges = list as Privilege[];
                  setTicked({ at: loadedAt, byId: { ...pending, [member.id]: privileges } });
                  void act(
                    { url: API.teamPrivileges, method: 'put', values: { memberId: member.id, privileges } },
                    t('team.saved'),
                  );
                }}
                options={PRIVILEGE_KEYS.map((key) => ({ value: key, label: t(`team.privileges.${key}`) }))}
              />
            ),
          },
          { title: t('team.fields.createdAt'), dataIndex: 'createdAt', render: (v: string) => clock.date(v) },
          {
            title: t('team.fields.actions'),
            key: 'actions',
            render: (_, member) => (
              <Space wrap>
                {member.status === 'invited' ? (
                  <Button
                    size="small"
                    onClick={() =>
                      act(
                        { url: API.teamResend, method: 'post', values: { memberId: member.id } },
                        t('team.resent', { email: member.email }),
                      )
                    }
                  >
                    {t('team.resend')}
                  </Button>
                ) : (
                  // The switch says what it does beside it; its accessible name adds whose access it is.
                  <label className="team-may-sign-in">
                    <Switch
                      size="small"
                      checked={member.status === 'active'}
                      aria-label={t('team.activeOf', { name: member.name })}
                      onChange={(on) =>
                        act(
                          {
                            url: API.teamStatus,
                            method: 'patch',
                            values: { memberId: member.id, status: on ? 'active' : 'inactive' },
                          },
                          t('team.saved'),
                        )
                      }
                    />
                    {t('team.maySignIn')}
                  </label>
                )}
                <SteadyPopconfirm
                  title={t('team.removeTitle', { name: member.name })}
                  description={t('team.removeWarning')}
                  okText={t('team.remove')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('resourceEngine.cancel')}
                  onConfirm={() =>
                    act(
                      {
                        url: `${API.team}?${new URLSearchParams({ businessId, memberId: member.id })}`,
                        method: 'delete',
                      },
                      t('team.removed'),
                    )
                  }
                >
                  <Button size="small" danger>
                    {t('team.remove')}
                  </Button>
                </SteadyPopconfirm>
              </Space>
            ),
          },
        ]}
      />
      <InviteMemberDialog
        open={inviting}
        onClose={() => setInviting(false)}
        onInvite={async (values) => {
          await send({ url: API.team, method: 'post', values });
          list.setPage(1);
          list.reload();
        }}
      />
    </PagePanel>
  );
}
