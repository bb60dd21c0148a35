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
import { DateText } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { GatedButton } from '../../ui/GatedButton';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';
import { ServerTable, type TableColumn } from '../../ui/ServerTable';
import { useTableQuery } from '../../ui/use-table-query';
import { useProject } from '../projects/hooks';
import { RoleTag } from '../workspace/RoleTag';
import { useInvitations, useMembersPage } from './hooks';
import { InviteDialog } from './InviteDialog';

/** Members (everyone) or Admins (the owner and admins): one screen, two views. */
export function TeamPage({ view }: { view: 'members' | 'admins' }) {
  const { id = '' } = useParams();
  const ui = useUi();
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
      header: self ? 'Leave this project?' : `Remove ${m.display_name ?? m.email}?`,
      message: self
        ? 'You lose access at once; an admin can invite you again.'
        : 'They lose access to this project at once.',
      acceptLabel: self ? 'Leave project' : 'Remove',
      danger: true,
      onAccept: () =>
        remove.mutateAsync(m.user_id).then(() => {
          ui.toast('success', self ? 'You left the project' : 'Member removed');
          if (self) navigate('/p');
        }, fail('Not removed')),
    });
  };

  const roleColumn: TableColumn<Member> = {
    field: 'role',
    header: 'Role',
    sortable: true,
    body: (m) =>
      canManage && m.role !== 'owner' && m.user_id !== user?.uid ? (
        <Dropdown
          value={m.role}
          aria-label={`Role of ${m.email}`}
          options={[
            { value: 'member', label: 'member' },
            { value: 'admin', label: 'admin' },
          ]}
          onChange={(e) =>
            changeRole
              .mutateAsync({ uid: m.user_id, role: e.value })
              .then(() => ui.toast('success', 'Role changed'), fail('Role not changed'))
          }
        />
      ) : (
        <RoleTag role={m.role} />
      ),
  };
  // Sorts and filters run on the server (issue 9); the Admins view fixes the role itself.
  const columns: TableColumn<Member>[] = [
    { field: 'display_name', header: 'Name', filterable: true, body: (m) => m.display_name ?? '—' },
    { field: 'email', header: 'Email', sortable: true, filterable: true },
    view === 'members'
      ? {
          ...roleColumn,
          filterable: true,
          options: ['owner', 'admin', 'member'].map((r) => ({ label: r, value: r })),
        }
      : roleColumn,
    {
      field: 'mfa_enabled',
      header: '2FA',
      body: (m) =>
        m.mfa_enabled === null ? (
          <span className="muted">—</span>
        ) : m.mfa_enabled ? (
          <Tag
            value="On"
            severity="success"
            icon="pi pi-shield"
            aria-label={`${m.email ?? 'Member'}: two-step verification on`}
          />
        ) : (
          <Tag
            value="Off"
            severity="secondary"
            aria-label={`${m.email ?? 'Member'}: two-step verification off`}
          />
        ),
    },
    {
      field: 'created_at',
      header: 'Joined',
      type: 'date',
      sortable: true,
      filterable: true,
      body: (m) => <DateText value={m.created_at} withTime={false} />,
    },
    {
      field: 'actions',
      header: 'Actions',
      body: (m) =>
        m.role === 'owner' ? null : m.user_id === user?.uid ? (
          <Button label="Leave" text size="small" severity="danger" onClick={() => confirmRemove(m)} />
        ) : canManage ? (
          <Button
            icon="pi pi-user-minus"
            text
            rounded
            severity="danger"
            aria-label={`Remove ${m.email}`}
            onClick={() => confirmRemove(m)}
          />
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title={view === 'members' ? 'Members' : 'Admins'}
        subtitle={
          view === 'members'
            ? 'Everyone who can see this project.'
            : 'The owner and the admins, who manage the team, keys and settings.'
        }
        actions={
          <GatedButton
            label="Invite"
            icon="pi pi-user-plus"
            onClick={() => setInviting(true)}
            allowed={canManage}
            reason="Only admins and the owner can invite"
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
          <EmptyState icon="pi-filter-slash" title="Nobody matches these filters">
            <p>Clear a filter to see everyone.</p>
          </EmptyState>
        }
      />
      {!project.isError && (
        <>
          <h2 className="section-title">Pending invitations</h2>
          {pending.length === 0 ? (
            <p className="muted">No pending invitations.</p>
          ) : (
            <DataTable
              responsiveLayout="stack"
              breakpoint="767px"
              value={pending}
              dataKey="id"
              stripedRows
              aria-label="Pending invitations"
            >
              <Column field="email" header="Email" sortable />
              <Column field="role" header="Role" body={(i: Invitation) => <RoleTag role={i.role} />} />
              <Column
                field="expires_at"
                header="Expires"
                sortable
                body={(i: Invitation) => <DateText value={i.expires_at} />}
              />
              {canManage && (
                <Column
                  header="Actions"
                  body={(i: Invitation) => (
                    <div className="row-actions">
                      <Button
                        label="Resend"
                        text
                        size="small"
                        onClick={() =>
                          resend
                            .mutateAsync(i.id)
                            .then(() => ui.toast('success', 'Invitation sent again'), fail('Not sent'))
                        }
                      />
                      <Button
                        label="Revoke"
                        text
                        size="small"
                        severity="danger"
                        onClick={() =>
                          ui.confirm({
                            header: `Revoke the invitation for ${i.email}?`,
                            message: 'The link stops working at once.',
                            acceptLabel: 'Revoke',
                            danger: true,
                            onAccept: () =>
                              revoke
                                .mutateAsync(i.id)
                                .then(() => ui.toast('success', 'Invitation revoked'), fail('Not revoked')),
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
