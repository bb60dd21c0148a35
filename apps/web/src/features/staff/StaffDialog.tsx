import type { Staff, StaffRole } from '@scanline/contracts';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { type T, useT } from '../../lib/i18n/console-intl';
import { FormDialog } from '../../ui/FormDialog';
import { FormField } from '../../ui/FormField';

const ROLES = (t: T): { value: StaffRole; label: string }[] => [
  { value: 'cashier', label: t('staff.role.cashierHelp') },
  { value: 'manager', label: t('staff.role.managerHelp') },
];

/** Add a staff member (name, role, PIN) or edit one, where a blank PIN keeps the old one. */
export function StaffDialog({
  staff,
  onClose,
  onSave,
}: {
  staff: Staff | null;
  onClose: () => void;
  onSave: (body: object) => Promise<void>;
}) {
  const { t } = useT();
  const [name, setName] = useState(staff?.name ?? '');
  const [role, setRole] = useState<StaffRole>(staff?.role ?? 'cashier');
  const [pin, setPin] = useState('');
  const pinOk = /^[0-9]{4,6}$/.test(pin);
  return (
    <FormDialog
      header={staff ? t('staff.editTitle', { name: staff.name }) : t('staff.add')}
      width="30rem"
      cancelLabel={t('common.cancel')}
      submitLabel={staff ? t('common.save') : t('staff.addSubmit')}
      submitDisabled={!name.trim() || (!staff && !pinOk)}
      fields={['name', 'role', 'pin']}
      validate={() => (pin && !pinOk ? { pin: t('staff.pinShape') } : null)}
      onSubmit={() => onSave({ name: name.trim(), role, ...(pin ? { pin } : {}) })}
      onClose={onClose}
    >
      {(errors) => (
        <>
          <FormField id="staff-name" label={t('staff.name')} help={t('staff.nameHelp')} error={errors.name}>
            <InputText
              id="staff-name"
              value={name}
              maxLength={80}
              invalid={Boolean(errors.name)}
              onChange={(e) => setName(e.target.value)}
            />
          </FormField>
          <FormField id="staff-role" label={t('staff.roleLabel')} error={errors.role}>
            <Dropdown
              inputId="staff-role"
              value={role}
              options={ROLES(t)}
              onChange={(e) => setRole(e.value)}
            />
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
        </>
      )}
    </FormDialog>
  );
}
