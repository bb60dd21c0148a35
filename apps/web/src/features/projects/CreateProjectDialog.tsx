import type { Project } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { fieldErrors } from '../../api/api-error';
import { send } from '../../api/main-requests';
import { keys } from '../../api/query-keys';
import { useAction } from '../../api/use-action';
import { useT } from '../../lib/i18n/console-intl';
import { useBusinesses } from '../../shared/businesses/hooks';
import { FormField } from '../../ui/FormField';

const ZONES = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
// The browser's own zone is always offered, even when Intl's list spells it otherwise (UTC), so
// the field is never blank while the form sends a zone.
const ZONE_OPTIONS = ZONES.includes(BROWSER_ZONE) ? ZONES : [BROWSER_ZONE, ...ZONES];

export function CreateProjectDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const { t, rich } = useT();
  const businesses = useBusinesses();
  const [name, setName] = useState('');
  const [businessId, setBusinessId] = useState<string | null>(null);
  const [timeZone, setTimeZone] = useState(BROWSER_ZONE);
  const [currency, setCurrency] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const create = useAction(
    (body: object) => send<Project>('POST', '/projects', body),
    [keys.projects, keys.me],
  );
  // One business: it is the one.
  const only = businesses.data?.length === 1 ? businesses.data[0]!.id : null;
  useEffect(() => {
    if (only) setBusinessId((current) => current ?? only);
  }, [only]);
  const business = businesses.data?.find((b) => b.id === businessId);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setMessage(null);
    try {
      const project = await create.mutateAsync({
        name,
        business_id: businessId ?? '',
        time_zone: timeZone,
        currency: (currency || business?.default_currency || '').toUpperCase(),
      });
      onClose();
      navigate(`/p/${project.id}/dashboard`);
    } catch (error) {
      setErrors(fieldErrors(error));
      setMessage((error as Error).message);
    }
  };
  return (
    <Dialog header={t('projects.new')} visible onHide={onClose} style={{ width: 'min(32rem, 95vw)' }} modal>
      {businesses.data && businesses.data.length === 0 ? (
        <p>{rich('projects.needBusiness', { link: (chunks) => <a href="/u/businesses">{chunks}</a> })}</p>
      ) : (
        <form onSubmit={submit} className="auth-form p-fluid" noValidate>
          {message && (
            <p className="p-error" role="alert">
              {message}
            </p>
          )}
          <FormField id="project-name" label={t('projects.col.name')} error={errors.name}>
            <InputText id="project-name" value={name} onChange={(e) => setName(e.target.value)} autoFocus />
          </FormField>
          <FormField id="project-business" label={t('projects.business')} error={errors.business_id}>
            <Dropdown
              inputId="project-business"
              value={businessId}
              options={(businesses.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
              onChange={(e) => setBusinessId(e.value)}
              placeholder={t('projects.chooseBusiness')}
            />
          </FormField>
          <FormField
            id="project-tz"
            label={t('projects.col.timeZone')}
            error={errors.time_zone}
            help={
              timeZone === BROWSER_ZONE
                ? t('projects.zoneBrowser')
                : t('projects.zoneOther', { zone: BROWSER_ZONE })
            }
          >
            <Dropdown
              inputId="project-tz"
              value={timeZone}
              options={ZONE_OPTIONS}
              onChange={(e) => setTimeZone(e.value)}
              filter
              // Typing "Berlin" right after opening filters the list.
              filterInputAutoFocus
            />
          </FormField>
          <FormField
            id="project-currency"
            label={t('projects.col.currency')}
            error={errors.currency}
            help={
              business ? t('projects.currencyDefault', { currency: business.default_currency }) : undefined
            }
          >
            <InputText
              id="project-currency"
              value={currency}
              maxLength={3}
              onChange={(e) => setCurrency(e.target.value)}
            />
          </FormField>
          <div className="dialog-actions">
            <Button type="button" label={t('common.cancel')} text onClick={onClose} />
            <Button type="submit" label={t('projects.createSubmit')} loading={create.isPending} />
          </div>
        </form>
      )}
    </Dialog>
  );
}
