import type { Staff, StaffRole } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { formErrors } from '../../api/api-error';
import { send } from '../../api/main-requests';
import { useAction } from '../../api/use-action';
import { type T, useT } from '../../lib/i18n/console-intl';
import { DateText } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { FormField } from '../../ui/FormField';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';
import { useProject } from '../projects/hooks';
import { QueryState } from '../workspace/QueryState';
import { staffKey, useStaff } from './hooks';

const ROLES = (t: T): { value: StaffRole; label: string }[] => [
  { value: 'cashier', label: t('staff.role.cashierHelp') },
  { value: 'manager', label: t('staff.role.managerHelp') },
];

/**
 * Issue 26 §2: the people who sign in to the project's terminals with a PIN. Admins and owners
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

function StaffDialog({
  staff,
  onClose,
  onSave,
}: {
  staff: Staff | null;
  onClose: () => void;
  onSave: (body: object) => Promise<void>;
}) {
  const [name, setName] = useState(staff?.name ?? '');
  const [role, setRole] = useState<StaffRole>(staff?.role ?? 'cashier');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const pinOk = /^[0-9]{4,6}$/.test(pin);
  const { t } = useT();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pin && !pinOk) {
      setErrors({ pin: t('staff.pinShape') });
      return;
    }
    setErrors({});
    setError(null);
    setBusy(true);
    try {
      await onSave({ name: name.trim(), role, ...(pin ? { pin } : {}) });
    } catch (err) {
      const shown = formErrors(err, ['name', 'role', 'pin']);
      setErrors(shown.byField);
      setError(shown.form);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      header={staff ? t('staff.editTitle', { name: staff.name }) : t('staff.add')}
      visible
      onHide={onClose}
      style={{ width: 'min(30rem, 95vw)' }}
      modal
    >
      <form onSubmit={submit} className="auth-form p-fluid" noValidate>
        {error && (
          <p className="p-error" role="alert">
            {error}
          </p>
        )}
        <FormField id="staff-name" label={t('staff.name')} help={t('staff.nameHelp')} error={errors.name}>
          <InputText
            id="staff-name"
            value={name}
            maxLength={80}
            invalid={Boolean(errors.name)}
            onChange={(e) => setName(e.target.value)}
            autoFocus
          />
        </FormField>
        <FormField id="staff-role" label={t('staff.roleLabel')} error={errors.role}>
          <Dropdown inputId="staff-role" value={role} options={ROLES(t)} onChange={(e) => setRole(e.value)} />
        </FormField>
        <FormField
          id="staff-pin"
          label={staff ? t('staff.newPin') : t('staff.pin')}
          help={t('staff.pinHelp')}
          error={errors.pin}
        >
          <InputText
            id="staff-pin"
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            keyfilter="int"
            maxLength={6}
            value={pin}
            invalid={Boolean(errors.pin)}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
          />
        </FormField>
        <div className="dialog-actions">
          <Button type="button" label={t('common.cancel')} text onClick={onClose} />
          <Button
            type="submit"
            label={staff ? t('common.save') : t('staff.addSubmit')}
            loading={busy}
            disabled={!name.trim() || (!staff && !pinOk)}
          />
        </div>
      </form>
    </Dialog>
  );
}
