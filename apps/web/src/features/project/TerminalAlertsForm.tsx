import { TERMINAL_OFFLINE_ALERT_MINUTES } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputNumber } from 'primereact/inputnumber';
import { type FormEvent, useEffect, useState } from 'react';
import { fieldErrors } from '../../api/api-error';
import { send } from '../../api/main-requests';
import { keys } from '../../api/query-keys';
import { useAction } from '../../api/use-action';
import { useT } from '../../lib/i18n/console-intl';
import { useProject } from '../../shared/projects/hooks';
import { FormField } from '../../ui/FormField';
import { useUi } from '../../ui/global-ui';

/** Email owner and admins when a terminal stays offline (and when it is back). */
export function TerminalAlertsForm({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const ui = useUi();
  const { t } = useT();
  const project = useProject(projectId);
  const saved = project.data?.terminal_offline_alert_minutes ?? null;
  const [on, setOn] = useState(false);
  const [minutes, setMinutes] = useState<number | null>(10);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setOn(saved !== null);
    if (saved !== null) setMinutes(saved);
  }, [saved]);
  const save = useAction(
    (body: object) => send('PATCH', `/projects/${projectId}`, body),
    [keys.project(projectId), keys.projects],
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync({ terminal_offline_alert_minutes: on ? minutes : null });
      ui.toast('success', on ? t('project.alerts.on') : t('project.alerts.off'));
    } catch (error) {
      setErrors(fieldErrors(error));
      ui.toast('error', t('project.notSaved'), (error as Error).message);
    }
  };
  return (
    <form className="surface-card panel" onSubmit={submit} aria-labelledby="alerts-title">
      <h2 id="alerts-title">{t('project.alerts.title')}</h2>
      <p className="muted">{t('project.alerts.text')}</p>
      <div className="checkbox-row">
        <Checkbox
          inputId="alerts-on"
          checked={on}
          disabled={!canEdit}
          onChange={(e) => setOn(Boolean(e.checked))}
        />
        <label htmlFor="alerts-on">{t('project.alerts.email')}</label>
      </div>
      <FormField
        id="alerts-minutes"
        label={t('project.alerts.minutes')}
        error={errors.terminal_offline_alert_minutes}
        help={t('project.alerts.minutesHelp', {
          min: TERMINAL_OFFLINE_ALERT_MINUTES.min,
          max: TERMINAL_OFFLINE_ALERT_MINUTES.max,
        })}
      >
        <InputNumber
          inputId="alerts-minutes"
          value={minutes}
          min={TERMINAL_OFFLINE_ALERT_MINUTES.min}
          max={TERMINAL_OFFLINE_ALERT_MINUTES.max}
          useGrouping={false}
          disabled={!canEdit || !on}
          onValueChange={(e) => setMinutes(e.value ?? null)}
        />
      </FormField>
      {canEdit && <Button type="submit" label={t('project.alerts.save')} loading={save.isPending} />}
    </form>
  );
}
