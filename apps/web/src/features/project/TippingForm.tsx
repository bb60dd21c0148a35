import { CASHIER_IDLE_MINUTES, TIP_LIMITS } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputNumber } from 'primereact/inputnumber';
import { type FormEvent, useEffect, useState } from 'react';
import { fieldErrors } from '../../api/api-error';
import { send } from '../../api/main-requests';
import { keys } from '../../api/query-keys';
import { useAction } from '../../api/use-action';
import { useT } from '../../lib/i18n/console-intl';
import { currencyDigits, formatMoney, toMajorUnits, toMinorUnits } from '../../lib/money';
import { useProject } from '../../shared/projects/hooks';
import { FormField } from '../../ui/FormField';
import { useUi } from '../../ui/global-ui';

const three = <T,>(list: T[], fill: T): T[] => [...list, fill, fill, fill].slice(0, TIP_LIMITS.choices);

/**
 * Tips on the shopper's phone (three percentages, three fixed amounts below the smart
 * threshold, custom tips) and how long a cashier stays signed in on a terminal without use.
 */
export function TippingForm({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const ui = useUi();
  const { t } = useT();
  const project = useProject(projectId);
  const currency = project.data?.currency ?? 'USD';
  const saved = project.data?.tipping;
  const [enabled, setEnabled] = useState(false);
  const [percentages, setPercentages] = useState<(number | null)[]>([10, 15, 20]);
  const [fixed, setFixed] = useState<(number | null)[]>([1, 2, 3]);
  const [smart, setSmart] = useState(true);
  const [threshold, setThreshold] = useState<number | null>(10);
  const [custom, setCustom] = useState(true);
  const [idle, setIdle] = useState<number | null>(CASHIER_IDLE_MINUTES.default);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!saved || !project.data) return;
    setEnabled(saved.enabled);
    setPercentages(three<number | null>(saved.percentages, null));
    setFixed(
      three<number | null>(
        saved.fixed_amounts.map((a) => Number(toMajorUnits(a, currency))),
        null,
      ),
    );
    setSmart(saved.smart_threshold !== null);
    if (saved.smart_threshold !== null) setThreshold(Number(toMajorUnits(saved.smart_threshold, currency)));
    setCustom(saved.allow_custom);
    setIdle(project.data.cashier_idle_minutes);
  }, [saved, currency, project.data]);
  const save = useAction(
    (body: object) => send('PATCH', `/projects/${projectId}`, body),
    [keys.project(projectId), keys.projects],
  );
  const minor = (major: number | null) =>
    major === null ? null : toMinorUnits(String(major), currency, 'en');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync({
        tipping: {
          enabled,
          percentages: percentages.filter((p): p is number => p !== null),
          fixed_amounts: fixed.map(minor).filter((a): a is number => a !== null),
          smart_threshold: smart ? minor(threshold) : null,
          allow_custom: custom,
        },
        ...(idle !== null ? { cashier_idle_minutes: idle } : {}),
      });
      ui.toast('success', t('project.tips.saved'));
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(
        Object.fromEntries(
          Object.entries(byField).map(([k, v]) => [k.replace(/^tipping\./, '').split('.')[0]!, v]),
        ),
      );
      ui.toast('error', t('project.notSaved'), (error as Error).message);
    }
  };
  const digits = currencyDigits(currency);
  const example = 2475;
  return (
    <form className="surface-card panel" onSubmit={submit} aria-labelledby="tips-title">
      <h2 id="tips-title">{t('project.tips.title')}</h2>
      <p className="muted">{t('project.tips.text')}</p>
      <div className="checkbox-row">
        <Checkbox
          inputId="tips-on"
          checked={enabled}
          disabled={!canEdit}
          onChange={(e) => setEnabled(Boolean(e.checked))}
        />
        <label htmlFor="tips-on">{t('project.tips.ask')}</label>
      </div>
      <FormField
        id="tips-percent-0"
        label={t('project.tips.percentages')}
        error={errors.percentages}
        help={t('project.tips.percentagesHelp', {
          min: TIP_LIMITS.percentMin,
          max: TIP_LIMITS.percentMax,
          example: formatMoney(example, currency),
          amounts: percentages
            .filter((p): p is number => p !== null)
            .map((p) => formatMoney(Math.floor((example * p + 50) / 100), currency))
            .join(', '),
        })}
      >
        <div className="inline-fields">
          {percentages.map((p, i) => (
            <InputNumber
              // biome-ignore lint/suspicious/noArrayIndexKey: three fixed slots
              key={i}
              inputId={`tips-percent-${i}`}
              aria-label={t('project.tips.percentage', { n: i + 1 })}
              value={p}
              min={TIP_LIMITS.percentMin}
              max={TIP_LIMITS.percentMax}
              suffix=" %"
              disabled={!canEdit || !enabled}
              onValueChange={(e) =>
                setPercentages((all) => all.map((x, j) => (j === i ? (e.value ?? null) : x)))
              }
            />
          ))}
        </div>
      </FormField>
      <div className="checkbox-row">
        <Checkbox
          inputId="tips-smart"
          checked={smart}
          disabled={!canEdit || !enabled}
          onChange={(e) => setSmart(Boolean(e.checked))}
        />
        <label htmlFor="tips-smart">{t('project.tips.smart')}</label>
      </div>
      <FormField
        id="tips-threshold"
        label={t('project.tips.threshold', { currency })}
        error={errors.smart_threshold}
      >
        <InputNumber
          inputId="tips-threshold"
          value={threshold}
          min={0}
          minFractionDigits={0}
          maxFractionDigits={digits}
          disabled={!canEdit || !enabled || !smart}
          onValueChange={(e) => setThreshold(e.value ?? null)}
        />
      </FormField>
      <FormField id="tips-fixed-0" label={t('project.tips.fixed', { currency })} error={errors.fixed_amounts}>
        <div className="inline-fields">
          {fixed.map((a, i) => (
            <InputNumber
              // biome-ignore lint/suspicious/noArrayIndexKey: three fixed slots
              key={i}
              inputId={`tips-fixed-${i}`}
              aria-label={t('project.tips.fixedAmount', { n: i + 1 })}
              value={a}
              min={0}
              minFractionDigits={0}
              maxFractionDigits={digits}
              disabled={!canEdit || !enabled || !smart}
              onValueChange={(e) => setFixed((all) => all.map((x, j) => (j === i ? (e.value ?? null) : x)))}
            />
          ))}
        </div>
      </FormField>
      <div className="checkbox-row">
        <Checkbox
          inputId="tips-custom"
          checked={custom}
          disabled={!canEdit || !enabled}
          onChange={(e) => setCustom(Boolean(e.checked))}
        />
        <label htmlFor="tips-custom">{t('project.tips.custom')}</label>
      </div>
      <FormField
        id="cashier-idle"
        label={t('project.tips.idle')}
        error={errors.cashier_idle_minutes}
        help={t('project.tips.idleHelp', { min: CASHIER_IDLE_MINUTES.min, max: CASHIER_IDLE_MINUTES.max })}
      >
        <InputNumber
          inputId="cashier-idle"
          value={idle}
          min={CASHIER_IDLE_MINUTES.min}
          max={CASHIER_IDLE_MINUTES.max}
          useGrouping={false}
          disabled={!canEdit}
          onValueChange={(e) => setIdle(e.value ?? null)}
        />
      </FormField>
      {canEdit && <Button type="submit" label={t('project.tips.save')} loading={save.isPending} />}
    </form>
  );
}
