import type { Staff } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useParams } from 'react-router';
import { send } from '../../api/main-requests';
import { useAction } from '../../api/use-action';
import { useT } from '../../lib/i18n/console-intl';
import { useProject } from '../../shared/projects/hooks';
import { QueryState } from '../../shared/QueryState';
import { staffKey, useStaff } from '../../shared/staff/hooks';
import { DateText } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';
import { StaffDialog } from './StaffDialog';

/**
 * The people who sign in to the project's terminals with a PIN. Admins and owners
 * add, edit, disable and delete them; once the project has enabled staff, its terminals are
 * locked until a cashier signs in.
 */
export default function StaffPage() {
  const { id = '' } = useParams();
  const ui = useUi();
  const { t } = useT();
  const project = useProject(id);
  const canManage = project.data?.role === 'owner' || project.data?.role === 'admin';
  const staff = useStaff(id, canManage);
  const [editing, setEditing] = useState<Staff | 'new' | null>(null);
  const refresh = [staffKey(id)];
  const create = useAction((body: object) => send<Staff>('POST', `/projects/${id}/staff`, body), refresh);
  const update = useAction(
    ({ staffId, body }: { staffId: string; body: object }) =>
      send<Staff>('PATCH', `/projects/${id}/staff/${staffId}`, body),
    refresh,
  );
  const remove = useAction((staffId: string) => send('DELETE', `/projects/${id}/staff/${staffId}`), refresh);

  const toggle = (s: Staff) =>
    update.mutateAsync({ staffId: s.id, body: { disabled: !s.disabled } }).then(
      () =>
        ui.toast(
          'success',
          s.disabled ? t('staff.enabled', { name: s.name }) : t('staff.disabledToast', { name: s.name }),
        ),
      (e: Error) => ui.toast('error', t('staff.notSaved'), e.message),
    );
  const actions = (s: Staff) => (
    <div className="row-actions">
      <Button label={t('staff.edit')} text size="small" onClick={() => setEditing(s)} />
      <Button
        label={s.disabled ? t('staff.enable') : t('staff.disable')}
        text
        size="small"
        onClick={() => void toggle(s)}
      />
      <Button
        label={t('staff.delete')}
        text
        size="small"
        severity="danger"
        onClick={() =>
          ui.confirm({
            header: t('staff.deleteTitle', { name: s.name }),
            message: t('staff.deleteText'),
            acceptLabel: t('staff.delete'),
            danger: true,
            onAccept: () =>
              remove.mutateAsync(s.id).then(
                () => ui.toast('success', t('staff.deleted', { name: s.name })),
                (e: Error) => ui.toast('error', t('staff.notDeleted'), e.message),
              ),
          })
        }
      />
    </div>
  );

  return (
    <>
      <PageHeader
        title={t('nav.staff')}
        subtitle={t('staff.subtitle')}
        actions={
          canManage ? (
            <Button label={t('staff.add')} icon="pi pi-plus" onClick={() => setEditing('new')} />
          ) : undefined
        }
      />
      <QueryState query={project}>
        {() =>
          !canManage ? (
            <EmptyState icon="pi-lock" title={t('staff.onlyAdmins')}>
              <p>{t('staff.onlyAdminsText')}</p>
            </EmptyState>
          ) : (
            <QueryState query={staff}>
              {() =>
                (staff.data ?? []).length === 0 ? (
                  <EmptyState
                    icon="pi-id-card"
                    title={t('staff.none')}
                    action={<Button label={t('staff.addCashier')} onClick={() => setEditing('new')} />}
                  >
                    <p>{t('staff.noneText')}</p>
                  </EmptyState>
                ) : (
                  <DataTable
                    value={staff.data}
                    dataKey="id"
                    size="small"
                    responsiveLayout="stack"
                    breakpoint="767px"
                    className="w-full surface-card"
                  >
                    <Column field="name" header={t('staff.name')} />
                    <Column
                      header={t('staff.roleLabel')}
                      body={(s: Staff) => (
                        <Tag
                          severity={s.role === 'manager' ? 'warning' : 'info'}
                          value={s.role === 'manager' ? t('staff.role.manager') : t('staff.role.cashier')}
                        />
                      )}
                    />
                    <Column
                      header={t('transactions.col.status')}
                      body={(s: Staff) =>
                        s.disabled ? (
                          <Tag severity="danger" value={t('staff.disabled')} />
                        ) : (
                          <Tag severity="success" value={t('projects.active')} />
                        )
                      }
                    />
                    <Column
                      header={t('staff.added')}
                      body={(s: Staff) => <DateText value={s.created_at} />}
                    />
                    <Column header={t('staff.actions')} body={actions} />
                  </DataTable>
                )
              }
            </QueryState>
          )
        }
      </QueryState>
      {editing && (
        <StaffDialog
          staff={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={async (body) => {
            if (editing === 'new') await create.mutateAsync(body);
            else await update.mutateAsync({ staffId: editing.id, body });
            ui.toast('success', editing === 'new' ? t('staff.addedToast') : t('staff.saved'));
            setEditing(null);
          }}
        />
      )}
    </>
  );
}
