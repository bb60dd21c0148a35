import { PAYOUT_DELAY_DAYS } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, useEffect, useState } from 'react';
import { fieldErrors } from '../../api/api-error';
import { send } from '../../api/main-requests';
import { keys } from '../../api/query-keys';
import { useAction } from '../../api/use-action';
import { useT } from '../../lib/i18n/console-intl';
import { useProject } from '../../shared/projects/hooks';
import { FormField } from '../../ui/FormField';
import { useUi } from '../../ui/global-ui';

/** VAT, the daily close and its email, the payout delay and time. */
export function BooksSettingsForm({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const ui = useUi();
  const { t } = useT();
  const project = useProject(projectId);
  const p = project.data;
  const [taxRate, setTaxRate] = useState<number | null>(null);
  const [closeTime, setCloseTime] = useState('');
  const [closeEmail, setCloseEmail] = useState(false);
  const [tipsTaxable, setTipsTaxable] = useState(false);
  const [delay, setDelay] = useState<number | null>(PAYOUT_DELAY_DAYS.default);
  const [payoutTime, setPayoutTime] = useState('06:00');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!p) return;
    setTaxRate(p.tax_rate);
    setCloseTime(p.daily_close_time ?? '');
    setCloseEmail(p.close_report_email);
    setTipsTaxable(p.tips_taxable);
    setDelay(p.payout_delay_days);
    setPayoutTime(p.payout_time);
  }, [p]);
  const save = useAction(
    (body: object) => send('PATCH', `/projects/${projectId}`, body),
    [keys.project(projectId), keys.projects],
  );
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync({
        tax_rate: taxRate,
        daily_close_time: closeTime.trim() === '' ? null : closeTime.trim(),
        close_report_email: closeEmail,
        tips_taxable: tipsTaxable,
        payout_delay_days: delay ?? PAYOUT_DELAY_DAYS.default,
        payout_time: payoutTime.trim(),
      });
      ui.toast('success', t('books.settings.saved'));
    } catch (error) {
      setErrors(fieldErrors(error));
      ui.toast('error', t('books.settings.notSaved'), (error as Error).message);
    }
  };
  return (
    <form className="surface-card panel" onSubmit={submit} aria-labelledby="books-title">
      <h2 id="books-title">{t('books.settings.title')}</h2>
      <FormField
        id="tax-rate"
        label={t('books.settings.taxRate')}
        error={errors.tax_rate}
        help={t('books.settings.taxRateHelp')}
      >
        <InputNumber
          inputId="tax-rate"
          value={taxRate}
          min={0}
          max={100}
          maxFractionDigits={2}
          disabled={!canEdit}
          onValueChange={(e) => setTaxRate(e.value ?? null)}
        />
      </FormField>
      <FormField
        id="close-time"
        label={t('books.settings.closeTime')}
        error={errors.daily_close_time}
        help={t('books.settings.closeTimeHelp')}
      >
        <InputText
          id="close-time"
          value={closeTime}
          disabled={!canEdit}
          onChange={(e) => setCloseTime(e.target.value)}
        />
      </FormField>
      <div className="checkbox-row">
        <Checkbox
          inputId="close-email"
          checked={closeEmail}
          disabled={!canEdit}
          onChange={(e) => setCloseEmail(Boolean(e.checked))}
        />
        <label htmlFor="close-email">{t('books.settings.closeEmail')}</label>
      </div>
      <div className="checkbox-row">
        <Checkbox
          inputId="tips-taxable"
          checked={tipsTaxable}
          disabled={!canEdit}
          onChange={(e) => setTipsTaxable(Boolean(e.checked))}
        />
        <label htmlFor="tips-taxable">{t('books.settings.tipsTaxable')}</label>
      </div>
      <FormField
        id="payout-delay"
        label={t('books.settings.payoutDelay')}
        error={errors.payout_delay_days}
        help={t('books.settings.payoutDelayHelp', { min: PAYOUT_DELAY_DAYS.min, max: PAYOUT_DELAY_DAYS.max })}
      >
        <InputNumber
          inputId="payout-delay"
          value={delay}
          min={PAYOUT_DELAY_DAYS.min}
          max={PAYOUT_DELAY_DAYS.max}
          useGrouping={false}
          disabled={!canEdit}
          onValueChange={(e) => setDelay(e.value ?? null)}
        />
      </FormField>
      <FormField id="payout-time" label={t('books.settings.payoutTime')} error={errors.payout_time}>
        <InputText
          id="payout-time"
          value={payoutTime}
          disabled={!canEdit}
          onChange={(e) => setPayoutTime(e.target.value)}
        />
      </FormField>
      {canEdit && <Button type="submit" label={t('common.save')} loading={save.isPending} />}
    </form>
  );
}
