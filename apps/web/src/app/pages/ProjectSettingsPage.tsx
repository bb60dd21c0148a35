import type { AuditEntry, Member } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { fieldErrors } from '../../api/api-error';
import { send } from '../../api/main-requests';
import { keys } from '../../api/query-keys';
import { useAction } from '../../api/use-action';
import { BooksSettingsForm } from '../../features/books/BooksSettingsForm';
import { auditActor, auditTarget, describeAuditAction } from '../../features/project/audit-actions';
import { useAudit } from '../../features/project/hooks';
import { TerminalAlertsForm } from '../../features/project/TerminalAlertsForm';
import { TippingForm } from '../../features/project/TippingForm';
import { TwoStepRequirementForm } from '../../features/project/TwoStepRequirementForm';
import { useT } from '../../lib/i18n/console-intl';
import { useBusinesses } from '../../shared/businesses/hooks';
import { useProject } from '../../shared/projects/hooks';
import { QueryState } from '../../shared/QueryState';
import { useMembers } from '../../shared/team/hooks';
import { DateText } from '../../theme/display-time-zone';
import { FormField } from '../../ui/FormField';
import { GatedButton } from '../../ui/GatedButton';
import { useUi } from '../../ui/global-ui';
import { PageHeader } from '../../ui/PageHeader';

export default function ProjectSettingsPage() {
  const { id = '' } = useParams();
  const { t } = useT();
  const project = useProject(id);
  const role = project.data?.role;
  const canEdit = role === 'owner' || role === 'admin';
  const audit = useAudit(id, canEdit);
  return (
    <>
      <PageHeader title={t('project.settings.title')} subtitle={t('project.settings.subtitle')} />
      <QueryState query={project}>
        {() => (
          <div className="stack">
            <SettingsForm projectId={id} canEdit={canEdit} />
            <TerminalAlertsForm projectId={id} canEdit={canEdit} />
            <TippingForm projectId={id} canEdit={canEdit} />
            <BooksSettingsForm projectId={id} canEdit={canEdit} />
            <TwoStepRequirementForm projectId={id} canEdit={canEdit} />
            {role === 'owner' && <DangerZone projectId={id} name={project.data!.name} />}
          </div>
        )}
      </QueryState>
      {canEdit && project.data && (
        <section className="surface-card panel audit-panel" aria-labelledby="audit-title">
          <h2 id="audit-title">{t('project.audit.title')}</h2>
          <DataTable
            responsiveLayout="stack"
            breakpoint="767px"
            value={audit.data ?? []}
            loading={audit.isPending}
            dataKey="id"
            size="small"
            emptyMessage={t('project.audit.empty')}
            className="w-full"
          >
            <Column
              field="created_at"
              header={t('project.audit.when')}
              body={(a: AuditEntry) => <DateText value={a.created_at} />}
            />
            <Column
              header={t('project.audit.who')}
              body={(a: AuditEntry) => <span className="audit-who">{auditActor(a)}</span>}
            />
            <Column header={t('project.audit.what')} body={(a: AuditEntry) => <AuditWhat entry={a} />} />
            <Column field="ip" header={t('project.audit.from')} body={(a: AuditEntry) => a.ip ?? '—'} />
          </DataTable>
        </section>
      )}
    </>
  );
}

function SettingsForm({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const ui = useUi();
  const { t } = useT();
  const project = useProject(projectId);
  const businesses = useBusinesses();
  const [form, setForm] = useState({
    name: '',
    business_id: '',
    time_zone: '',
    currency: '',
    allow_other_currencies: false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (project.data)
      setForm({
        name: project.data.name,
        business_id: project.data.business_id,
        time_zone: project.data.time_zone,
        currency: project.data.currency,
        allow_other_currencies: project.data.allow_other_currencies,
      });
  }, [project.data]);
  const save = useAction(
    (body: object) => send('PATCH', `/projects/${projectId}`, body),
    [keys.project(projectId), keys.projects, keys.me],
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const p = project.data!;
    const changed = Object.fromEntries(
      Object.entries(form).filter(([k, v]) => v !== (p as unknown as Record<string, unknown>)[k]),
    );
    try {
      await save.mutateAsync(changed);
      ui.toast('success', t('project.general.saved'));
    } catch (error) {
      setErrors(fieldErrors(error));
      ui.toast('error', t('project.notSaved'), (error as Error).message);
    }
  };
  const businessOptions = [
    ...(businesses.data ?? []).map((b) => ({ value: b.id, label: b.name })),
    ...(businesses.data?.some((b) => b.id === form.business_id)
      ? []
      : [{ value: form.business_id, label: t('project.general.otherBusiness') }]),
  ];
  return (
    <form className="surface-card panel p-fluid" onSubmit={submit} aria-labelledby="settings-title">
      <h2 id="settings-title">{t('project.general.title')}</h2>
      {!canEdit && <p className="muted">{t('project.general.readOnly')}</p>}
      <FormField id="settings-name" label={t('project.general.name')} error={errors.name}>
        <InputText
          id="settings-name"
          value={form.name}
          disabled={!canEdit}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
      </FormField>
      <FormField id="settings-business" label={t('project.general.business')} error={errors.business_id}>
        <Dropdown
          inputId="settings-business"
          value={form.business_id}
          disabled={!canEdit}
          options={businessOptions}
          onChange={(e) => setForm({ ...form, business_id: e.value })}
        />
      </FormField>
      <FormField id="settings-tz" label={t('project.general.timeZone')} error={errors.time_zone}>
        <Dropdown
          inputId="settings-tz"
          value={form.time_zone}
          disabled={!canEdit}
          filter
          // Typing "Berlin" right after opening filters the list.
          filterInputAutoFocus
          options={
            typeof Intl.supportedValuesOf === 'function'
              ? Intl.supportedValuesOf('timeZone')
              : [form.time_zone]
          }
          onChange={(e) => setForm({ ...form, time_zone: e.value })}
        />
      </FormField>
      <FormField id="settings-currency" label={t('project.general.currency')} error={errors.currency}>
        <InputText
          id="settings-currency"
          value={form.currency}
          maxLength={3}
          disabled={!canEdit}
          onChange={(e) => setForm({ ...form, currency: e.target.value.toUpperCase() })}
        />
      </FormField>
      <div className="checkbox-row">
        <Checkbox
          inputId="settings-other-currencies"
          checked={form.allow_other_currencies}
          disabled={!canEdit}
          aria-describedby="settings-other-currencies-help"
          onChange={(e) => setForm({ ...form, allow_other_currencies: Boolean(e.checked) })}
        />
        <label htmlFor="settings-other-currencies">{t('project.general.otherCurrencies')}</label>
      </div>
      <p id="settings-other-currencies-help" className="muted">
        {t('project.general.otherCurrenciesHelp', {
          currency: form.currency || t('project.general.projectCurrency'),
        })}
      </p>
      {canEdit && <Button type="submit" label={t('project.general.save')} loading={save.isPending} />}
    </form>
  );
}

function DangerZone({ projectId, name }: { projectId: string; name: string }) {
  const ui = useUi();
  const { t } = useT();
  const navigate = useNavigate();
  const members = useMembers(projectId);
  const [dialog, setDialog] = useState<'delete' | 'transfer' | null>(null);
  const [typed, setTyped] = useState('');
  const [to, setTo] = useState<string | null>(null);
  const refresh = [keys.project(projectId), keys.projects, keys.me, keys.members(projectId)];
  const remove = useAction(() => send('DELETE', `/projects/${projectId}`), refresh);
  const transfer = useAction(
    (uid: string) => send('POST', `/projects/${projectId}/transfer`, { to_user_id: uid }),
    refresh,
  );
  const admins = (members.data ?? []).filter((m: Member) => m.role === 'admin');
  const close = () => {
    setDialog(null);
    setTyped('');
  };
  return (
    <section className="surface-card panel danger" aria-labelledby="danger-title">
      <h2 id="danger-title">{t('project.danger.title')}</h2>
      <p>{t('project.danger.text')}</p>
      <div className="row-actions">
        <GatedButton
          label={t('project.danger.transfer')}
          outlined
          onClick={() => setDialog('transfer')}
          allowed={admins.length > 0}
          reason={t('project.danger.promoteFirst')}
        />
        <Button
          label={t('project.danger.delete')}
          severity="danger"
          outlined
          onClick={() => setDialog('delete')}
        />
      </div>
      {dialog && (
        <Dialog
          header={
            dialog === 'delete'
              ? t('project.danger.deleteHeader', { name })
              : t('project.danger.transferHeader', { name })
          }
          visible
          onHide={close}
          style={{ width: 'min(30rem, 95vw)' }}
          modal
        >
          <div className="auth-form p-fluid">
            {dialog === 'transfer' && (
              <FormField id="transfer-to" label={t('project.danger.newOwner')}>
                <Dropdown
                  inputId="transfer-to"
                  value={to}
                  placeholder={t('project.danger.chooseAdmin')}
                  options={admins.map((m) => ({
                    value: m.user_id,
                    label: m.display_name ?? m.email ?? m.user_id,
                  }))}
                  onChange={(e) => setTo(e.value)}
                />
              </FormField>
            )}
            <FormField id="confirm-name" label={t('project.danger.typeName', { name })}>
              <InputText
                id="confirm-name"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                autoComplete="off"
              />
            </FormField>
            <div className="dialog-actions">
              <Button label={t('project.danger.cancel')} text onClick={close} />
              <Button
                label={dialog === 'delete' ? t('project.danger.delete') : t('project.danger.transfer')}
                severity="danger"
                disabled={typed !== name || (dialog === 'transfer' && !to)}
                onClick={async () => {
                  try {
                    if (dialog === 'delete') {
                      await remove.mutateAsync(undefined);
                      ui.toast(
                        'success',
                        t('project.danger.deleted', { name }),
                        t('project.danger.deletedText'),
                      );
                      navigate('/p');
                    } else if (to) {
                      await transfer.mutateAsync(to);
                      ui.toast('success', t('project.danger.transferred'));
                    }
                    close();
                  } catch (error) {
                    ui.toast('error', t('project.danger.failed'), (error as Error).message);
                  }
                }}
              />
            </div>
          </div>
        </Dialog>
      )}
    </section>
  );
}

/** "changed the role of Ada Lovelace (ada@…) · member → admin": people and objects by name. */
function AuditWhat({ entry }: { entry: AuditEntry }) {
  const { rich } = useT();
  const { id, values, detail } = describeAuditAction(entry);
  // The server's labels are English ("this project", "A former member"); the names are not.
  const target = auditTarget(entry);
  return (
    <span className="audit-what" title={entry.action}>
      {id ? rich(id, { ...values, target, t: (chunks) => <strong>{chunks}</strong> }) : entry.action}
      {detail && <span className="muted"> · {detail}</span>}
    </span>
  );
}
