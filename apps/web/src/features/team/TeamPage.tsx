import type { Invitation, Member } from '@scanline/contracts';
import { FilterMatchMode } from 'primereact/api';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableFilterMeta } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useUi } from '../../app/global-ui';
import { useAuth } from '../../auth/auth-context';
import { formatDate } from '../../theme/date-format';
import { GatedButton } from '../../ui/GatedButton';
import { PageHeader } from '../../ui/PageHeader';
import { keys, send, useAction, useInvitations, useMembers, useProject } from '../workspace/hooks';
import { QueryState } from '../workspace/QueryState';
import { RoleTag } from '../workspace/RoleTag';
import { InviteDialog } from './InviteDialog';

// Seed §9: the text match modes offered on text columns.
const TEXT_MODES = [
  FilterMatchMode.STARTS_WITH,
  FilterMatchMode.CONTAINS,
  FilterMatchMode.NOT_CONTAINS,
  FilterMatchMode.ENDS_WITH,
  FilterMatchMode.EQUALS,
  FilterMatchMode.NOT_EQUALS,
].map((value) => ({ value, label: value.replace(/([A-Z])/g, ' $1').toLowerCase() }));
const DATE_MODES = [
  FilterMatchMode.DATE_IS,
  FilterMatchMode.DATE_IS_NOT,
  FilterMatchMode.DATE_BEFORE,
  FilterMatchMode.DATE_AFTER,
].map((value) => ({
  value,
  label: value.replace(/([A-Z])/g, ' $1').toLowerCase(),
}));

/** Members (everyone) or Admins (the owner and admins): one screen, two views. */
export function TeamPage({ view }: { view: 'members' | 'admins' }) {
  const { id = '' } = useParams();
  const ui = useUi();
  const navigate = useNavigate();
  const { user } = useAuth();
  const project = useProject(id);
  const members = useMembers(id);
  const canManage = project.data?.role === 'owner' || project.data?.role === 'admin';
  const invitations = useInvitations(id, Boolean(project.data));
  const [inviting, setInviting] = useState(false);
  const [filters, setFilters] = useState<DataTableFilterMeta>({
    email: { value: null, matchMode: FilterMatchMode.CONTAINS },
    display_name: { value: null, matchMode: FilterMatchMode.CONTAINS },
    created_at: { value: null, matchMode: FilterMatchMode.DATE_AFTER },
  });
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
  const rows = (members.data ?? [])
    .filter((m) => view === 'members' || m.role !== 'member')
    .map((m) => ({ ...m, created_at_date: new Date(m.created_at) }));
  const pending = (invitations.data ?? []).filter((i) => view === 'members' || i.role === 'admin');
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
      <QueryState query={project.isError ? project : members}>
        {() => (
          <>
            <DataTable
              responsiveLayout="stack"
              breakpoint="767px"
              value={rows}
              dataKey="user_id"
              stripedRows
              filters={filters}
              onFilter={(e) => setFilters(e.filters)}
              filterDisplay="menu"
              sortField="created_at_date"
              sortOrder={1}
              emptyMessage="Nobody matches these filters."
              aria-label={view === 'members' ? 'Members' : 'Admins'}
            >
              <Column
                field="display_name"
                header="Name"
                sortable
                filter
                filterPlaceholder="Name"
                filterMatchModeOptions={TEXT_MODES}
                body={(m: Member) => m.display_name ?? '—'}
              />
              <Column
                field="email"
                header="Email"
                sortable
                filter
                filterPlaceholder="Email"
                filterMatchModeOptions={TEXT_MODES}
              />
              <Column
                field="role"
                header="Role"
                sortable
                body={(m: Member) =>
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
                  )
                }
              />
              <Column
                field="created_at_date"
                header="Joined"
                dataType="date"
                sortable
                filter
                filterMatchModeOptions={DATE_MODES}
                body={(m: Member) => formatDate(m.created_at, false)}
              />
              <Column
                header="Actions"
                body={(m: Member) =>
                  m.role === 'owner' ? null : m.user_id === user?.uid ? (
                    <Button
                      label="Leave"
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
                      aria-label={`Remove ${m.email}`}
                      onClick={() => confirmRemove(m)}
                    />
                  ) : null
                }
              />
            </DataTable>
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
                  body={(i: Invitation) => formatDate(i.expires_at)}
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
      </QueryState>
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
