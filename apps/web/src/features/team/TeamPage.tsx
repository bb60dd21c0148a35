import type { Invitation, Member } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { send } from '../../api/main-requests';
import { keys } from '../../api/query-keys';
import { useAction } from '../../api/use-action';
import { useAuth } from '../../auth/auth-context';
import { useT } from '../../lib/i18n/console-intl';
import { useProject } from '../../shared/projects/hooks';
import { RoleTag, roleLabel } from '../../shared/RoleTag';
import { DateText } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { GatedButton } from '../../ui/GatedButton';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { useInvitations, useMembersPage } from './hooks';
import { InviteDialog } from './InviteDialog';

/** Members (everyone) or Admins (the owner and admins): one screen, two views. */
export function TeamPage({ view }: { view: 'members' | 'admins' }) {
  const { id = '' } = useParams();
  const ui = useUi();
  const { t } = useT();
  const navigate = useNavigate();
  const { user } = useAuth();
  const project = useProject(id);
  const query = useTableQuery();
  // The Admins view is the same list with the role filter fixed by the server query.
  const members = useMembersPage(
    id,
    view === 'admins' ? { ...query.apiQuery, 'role[equals]': 'owner,admin' } : query.apiQuery,
  );
  const canManage = project.data?.role === 'owner' || project.data?.role === 'admin';
  const invitations = useInvitations(id, Boolean(project.data), view === 'admins' ? 'admin' : undefined);
  const [inviting, setInviting] = useState(false);
  const refresh = [keys.members(id), keys.invitations(id), keys.project(id), keys.me, keys.projects];
  const changeRole = useAction(
    ({ uid, role }: { uid: string; role: string }) =>
      send('PATCH', `/projects/${id}/members/${uid}`, { role }),
    refresh,
  );
  const remove = useAction((uid: string) => send('DELETE', `/projects/${id}/members/${uid}`), refresh);
  const revoke = useAction(
    (invitationId: string) => send('DELETE', `/projects/${id}/invitations/${invitationId}`),
    refresh,
  );
  const resend = useAction(
    (invitationId: string) => send('POST', `/projects/${id}/invitations/${invitationId}/resend`),
    refresh,
  );
  const pending = invitations.data ?? [];
  const fail = (title: string) => (e: Error) => ui.toast('error', title, e.message);

  const confirmRemove = (m: Member) => {
    const self = m.user_id === user?.uid;
    ui.confirm({
      header: self ? t('team.leaveTitle') : t('team.removeTitle', { name: m.display_name ?? m.email ?? '' }),
      message: self ? t('team.leaveText') : t('team.removeText'),
      acceptLabel: self ? t('team.leaveProject') : t('team.remove'),
      danger: true,
      onAccept: () =>
        remove.mutateAsync(m.user_id).then(
          () => {
            ui.toast('success', self ? t('team.left') : t('team.removed'));
            if (self) navigate('/p');
          },
          fail(t('team.notRemoved')),
        ),
    });
  };

  const roleColumn: TableColumn<Member> = {
    field: 'role',
    header: t('staff.roleLabel'),
    sortable: true,
    body: (m) =>
      canManage && m.role !== 'owner' && m.user_id !== user?.uid ? (
        <Dropdown
          value={m.role}
          aria-label={t('team.roleOf', { email: m.email ?? '' })}
          options={[
            { value: 'member', label: roleLabel('member') },
            { value: 'admin', label: roleLabel('admin') },
          ]}
          onChange={(e) =>
            changeRole
              .mutateAsync({ uid: m.user_id, role: e.value })
              .then(() => ui.toast('success', t('team.roleChanged')), fail(t('team.roleNotChanged')))
          }
        />
      ) : (
        <RoleTag role={m.role} />
      ),
  };
  // Sorts and filters run on the server; the Admins view fixes the role itself.
  const columns: TableColumn<Member>[] = [
    { field: 'display_name', header: t('staff.name'), filterable: true, body: (m) => m.display_name ?? '—' },
    { field: 'email', header: t('auth.field.email'), sortable: true, filterable: true },
    view === 'members'
      ? {
          ...roleColumn,
          filterable: true,
          options: (['owner', 'admin', 'member'] as const).map((r) => ({ label: roleLabel(r), value: r })),
        }
      : roleColumn,
    {
      field: 'mfa_enabled',
      header: t('team.column.twoStep'),
      body: (m) =>
        m.mfa_enabled === null ? (
          <span className="muted">—</span>
        ) : m.mfa_enabled ? (
          <Tag
            value={t('team.on')}
            severity="success"
            icon="pi pi-shield"
            aria-label={t('team.twoStepOn', { email: m.email ?? t('team.member') })}
          />
        ) : (
          <Tag
            value={t('team.off')}
            severity="secondary"
            aria-label={t('team.twoStepOff', { email: m.email ?? t('team.member') })}
          />
        ),
    },
    {
      field: 'created_at',
      header: t('team.joined'),
      type: 'date',
      sortable: true,
      filterable: true,
      body: (m) => <DateText value={m.created_at} withTime={false} />,
    },
    {
      field: 'actions',
      header: t('staff.actions'),
      body: (m) =>
        m.role === 'owner' ? null : m.user_id === user?.uid ? (
          <Button
            label={t('team.leave')}
            text
            size="small"
            severity="danger"
            onClick={() => confirmRemove(m)}
          />
        ) : canManage ? (
          <Button
            icon="pi pi-user-minus"
            text
            rounded
            severity="danger"
            aria-label={t('team.removeLabel', { email: m.email ?? '' })}
            onClick={() => confirmRemove(m)}
          />
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title={view === 'members' ? t('nav.members') : t('nav.admins')}
        subtitle={view === 'members' ? t('team.membersSubtitle') : t('team.adminsSubtitle')}
        actions={
          <GatedButton
            label={t('team.invite')}
            icon="pi pi-user-plus"
            onClick={() => setInviting(true)}
            allowed={canManage}
            reason={t('team.onlyAdmins')}
          />
        }
      />
      <ServerTable
        id={view === 'members' ? 'members' : 'admins'}
        columns={columns}
        query={query}
        rows={members.data?.data}
        nextCursor={members.data?.next_cursor}
        loading={members.isFetching}
        error={project.error ?? members.error}
        onRetry={() => void members.refetch()}
        dataKey="user_id"
        empty={
          <EmptyState icon="pi-filter-slash" title={t('team.noMatch')}>
            <p>{t('team.noMatchText')}</p>
          </EmptyState>
        }
      />
      {!project.isError && (
        <>
          <h2 className="section-title">{t('team.pending')}</h2>
          {pending.length === 0 ? (
            <p className="muted">{t('team.noPending')}</p>
          ) : (
            <DataTable
              responsiveLayout="stack"
              breakpoint="767px"
              value={pending}
              dataKey="id"
              stripedRows
              aria-label={t('team.pending')}
            >
              <Column field="email" header={t('auth.field.email')} sortable />
              <Column
                field="role"
                header={t('staff.roleLabel')}
                body={(i: Invitation) => <RoleTag role={i.role} />}
              />
              <Column
                field="expires_at"
                header={t('team.expires')}
                sortable
                body={(i: Invitation) => <DateText value={i.expires_at} />}
              />
              {canManage && (
                <Column
                  header={t('staff.actions')}
                  body={(i: Invitation) => (
                    <div className="row-actions">
                      <Button
                        label={t('team.resend')}
                        text
                        size="small"
                        onClick={() =>
                          resend
                            .mutateAsync(i.id)
                            .then(() => ui.toast('success', t('team.sentAgain')), fail(t('team.notSent')))
                        }
                      />
                      <Button
                        label={t('team.revoke')}
                        text
                        size="small"
                        severity="danger"
                        onClick={() =>
                          ui.confirm({
                            header: t('team.revokeTitle', { email: i.email }),
                            message: t('team.revokeText'),
                            acceptLabel: t('team.revoke'),
                            danger: true,
                            onAccept: () =>
                              revoke
                                .mutateAsync(i.id)
                                .then(
                                  () => ui.toast('success', t('team.revoked')),
                                  fail(t('team.notRevoked')),
                                ),
                          })
                        }
                      />
                    </div>
                  )}
                />
              )}
            </DataTable>
          )}
        </>
      )}
      {inviting && (
        <InviteDialog
          projectId={id}
          defaultRole={view === 'admins' ? 'admin' : 'member'}
          onClose={() => setInviting(false)}
        />
      )}
    </>
  );
}
