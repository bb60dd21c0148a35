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
import { DateText } from '../../theme/display-time-zone';
import { EmptyState } from '../../ui/EmptyState';
import { FormField } from '../../ui/FormField';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';
import { useProject } from '../projects/hooks';
import { QueryState } from '../workspace/QueryState';
import { staffKey, useStaff } from './hooks';

const ROLES: { value: StaffRole; label: string }[] = [
  { value: 'cashier', label: 'Cashier — charges and cancels' },
  { value: 'manager', label: 'Manager — also refunds at the counter' },
];

/**
 * Issue 26 §2: the people who sign in to the project's terminals with a PIN. Admins and owners
 * add, edit, disable and delete them; once the project has enabled staff, its terminals are
 * locked until a cashier signs in.
 */
export default function StaffPage() {
  const { id = '' } = useParams();
  const ui = useUi();
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
      () => ui.toast('success', s.disabled ? `${s.name} can sign in again` : `${s.name} is disabled`),
      (e: Error) => ui.toast('error', 'Not saved', e.message),
    );
  const actions = (s: Staff) => (
    <div className="row-actions">
      <Button label="Edit" text size="small" onClick={() => setEditing(s)} />
      <Button label={s.disabled ? 'Enable' : 'Disable'} text size="small" onClick={() => void toggle(s)} />
      <Button
        label="Delete"
        text
        size="small"
        severity="danger"
        onClick={() =>
          ui.confirm({
            header: `Delete ${s.name}?`,
            message:
              'They are signed out of every terminal at once and cannot sign in again. Their past sales keep their name.',
            acceptLabel: 'Delete',
            danger: true,
            onAccept: () =>
              remove.mutateAsync(s.id).then(
                () => ui.toast('success', `${s.name} deleted`),
                (e: Error) => ui.toast('error', 'Not deleted', e.message),
              ),
          })
        }
      />
    </div>
  );

  return (
    <>
      <PageHeader
        title="Staff"
        subtitle="Cashiers and managers sign in to this project's terminals with a personal PIN."
        actions={
          canManage ? (
            <Button label="Add staff" icon="pi pi-plus" onClick={() => setEditing('new')} />
          ) : undefined
        }
      />
      <QueryState query={project}>
        {() =>
          !canManage ? (
            <EmptyState icon="pi-lock" title="Only admins and the owner manage staff">
              <p>Ask an admin of this project to add or change cashiers.</p>
            </EmptyState>
          ) : (
            <QueryState query={staff}>
              {() =>
                (staff.data ?? []).length === 0 ? (
                  <EmptyState
                    icon="pi-id-card"
                    title="No staff yet"
                    action={<Button label="Add a cashier" onClick={() => setEditing('new')} />}
                  >
                    <p>
                      Without staff, terminals take payments as they are. Add people and each signs in to a
                      terminal with a PIN, so you know who took which payment and who may refund.
                    </p>
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
                    <Column field="name" header="Name" />
                    <Column
                      header="Role"
                      body={(s: Staff) => (
                        <Tag severity={s.role === 'manager' ? 'warning' : 'info'} value={s.role} />
                      )}
                    />
                    <Column
                      header="Status"
                      body={(s: Staff) =>
                        s.disabled ? (
                          <Tag severity="danger" value="Disabled" />
                        ) : (
                          <Tag severity="success" value="Active" />
                        )
                      }
                    />
                    <Column header="Added" body={(s: Staff) => <DateText value={s.created_at} />} />
                    <Column header="Actions" body={actions} />
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
            ui.toast('success', editing === 'new' ? 'Staff member added' : 'Saved');
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
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pin && !pinOk) {
      setErrors({ pin: '4 to 6 digits' });
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
      header={staff ? `Edit ${staff.name}` : 'Add staff'}
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
        <FormField
          id="staff-name"
          label="Name"
          help="Shown on the terminal and on receipts."
          error={errors.name}
        >
          <InputText
            id="staff-name"
            value={name}
            maxLength={80}
            invalid={Boolean(errors.name)}
            onChange={(e) => setName(e.target.value)}
            autoFocus
          />
        </FormField>
        <FormField id="staff-role" label="Role" error={errors.role}>
          <Dropdown inputId="staff-role" value={role} options={ROLES} onChange={(e) => setRole(e.value)} />
        </FormField>
        <FormField
          id="staff-pin"
          label={staff ? 'New PIN (leave empty to keep it)' : 'PIN'}
          help="4 to 6 digits, different from everyone else's in this project. It cannot be shown again."
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
          <Button type="button" label="Cancel" text onClick={onClose} />
          <Button
            type="submit"
            label={staff ? 'Save' : 'Add'}
            loading={busy}
            disabled={!name.trim() || (!staff && !pinOk)}
          />
        </div>
      </form>
    </Dialog>
  );
}
