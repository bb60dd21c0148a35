import type { Business } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../api/api-error';
import { useT } from '../../lib/i18n/console-intl';
import { browserLanguages, regionDefaults } from '../../lib/region-defaults';
import { FormField } from '../../ui/FormField';

export interface BusinessInput {
  name: string;
  legal_name?: string;
  country: string;
  default_currency: string;
  support_email?: string;
  payment_provider: 'simulator' | 'stripe';
  stripe_secret_key?: string;
  stripe_webhook_secret?: string;
  stripe_publishable_key?: string;
  vat_id?: string;
}

/** The address as the form edits it: every part a string, empty when not given. */
interface AddressInput {
  line1: string;
  line2: string;
  postal_code: string;
  city: string;
  state: string;
  country: string;
}

const addressOf = (business: Business | undefined): AddressInput => ({
  line1: business?.address?.line1 ?? '',
  line2: business?.address?.line2 ?? '',
  postal_code: business?.address?.postal_code ?? '',
  city: business?.address?.city ?? '',
  state: business?.address?.state ?? '',
  country: business?.address?.country ?? '',
});

/**
 * The address to send: null when every part is empty (none, or cleared), else its filled parts;
 * the country defaults to the business's.
 */
function addressBody(a: AddressInput, businessCountry: string) {
  const parts = Object.entries(a).filter(([k, v]) => k !== 'country' && v.trim() !== '');
  if (parts.length === 0) return null;
  return {
    ...Object.fromEntries(parts.map(([k, v]) => [k, v.trim()])),
    country: (a.country.trim() || businessCountry).toUpperCase(),
  };
}

/** Create or edit a business; server field errors show under their fields. */
export function BusinessForm({
  business,
  onSubmit,
  onClose,
}: {
  business?: Business;
  onSubmit: (input: BusinessInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useT();
  const providers = [
    { value: 'simulator', label: t('businesses.provider.simulator') },
    { value: 'stripe', label: 'Stripe' },
  ];
  const [form, setForm] = useState<BusinessInput>(() => ({
    name: business?.name ?? '',
    legal_name: business?.legal_name ?? '',
    // A new business: the browser's region (en-GB → GB, GBP), not a US default.
    country: business?.country ?? regionDefaults(browserLanguages()).country,
    default_currency: business?.default_currency ?? regionDefaults(browserLanguages()).currency,
    support_email: business?.support_email ?? '',
    payment_provider: business?.payment_provider ?? 'simulator',
    stripe_publishable_key: business?.stripe_publishable_key ?? '',
    vat_id: business?.vat_id ?? '',
  }));
  const [address, setAddress] = useState<AddressInput>(() => addressOf(business));
  const setPart = (k: keyof AddressInput) => (v: string) => setAddress((a) => ({ ...a, [k]: v }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof BusinessInput) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setMessage(null);
    const body: Record<string, unknown> = {
      ...form,
      country: form.country.toUpperCase(),
      default_currency: form.default_currency.toUpperCase(),
    };
    for (const k of ['legal_name', 'support_email', 'stripe_secret_key', 'stripe_webhook_secret'])
      if (!body[k]) delete body[k];
    // Clearing the VAT ID or the whole address of an existing business removes it.
    if (!form.vat_id?.trim()) {
      if (business?.vat_id) body.vat_id = null;
      else delete body.vat_id;
    }
    const sentAddress = addressBody(address, String(body.country));
    if (sentAddress) body.address = sentAddress;
    else if (business?.address) body.address = null;
    // Clearing the publishable key on an existing business removes it; on a new one, leave it out.
    if (!body.stripe_publishable_key) {
      if (business?.stripe_publishable_key) body.stripe_publishable_key = null;
      else delete body.stripe_publishable_key;
    }
    try {
      await onSubmit(body as unknown as BusinessInput);
      onClose();
    } catch (error) {
      setErrors(fieldErrors(error));
      setMessage((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      header={business ? t('businesses.edit', { name: business.name }) : t('businesses.new')}
      visible
      onHide={onClose}
      style={{ width: 'min(36rem, 95vw)' }}
      modal
      // PrimeReact's own focus would move to the header's Close button; off, the name field's
      // autoFocus keeps it (what ui/FormDialog.tsx does for the console's other form dialogs).
      focusOnShow={false}
    >
      <form onSubmit={submit} className="auth-form p-fluid" noValidate>
        {message && (
          <p className="p-error" role="alert">
            {message}
          </p>
        )}
        <FormField id="biz-name" label={t('businesses.field.name')} error={errors.name}>
          <InputText
            id="biz-name"
            value={form.name}
            onChange={(e) => set('name')(e.target.value)}
            required
            autoFocus
          />
        </FormField>
        <FormField id="biz-legal" label={t('businesses.field.legalName')} error={errors.legal_name}>
          <InputText
            id="biz-legal"
            value={form.legal_name ?? ''}
            onChange={(e) => set('legal_name')(e.target.value)}
          />
        </FormField>
        <div className="form-row">
          <FormField id="biz-country" label={t('businesses.field.country')} error={errors.country}>
            <InputText
              id="biz-country"
              value={form.country}
              maxLength={2}
              onChange={(e) => set('country')(e.target.value)}
            />
          </FormField>
          <FormField id="biz-currency" label={t('businesses.field.currency')} error={errors.default_currency}>
            <InputText
              id="biz-currency"
              value={form.default_currency}
              maxLength={3}
              onChange={(e) => set('default_currency')(e.target.value)}
            />
          </FormField>
        </div>
        <fieldset className="form-group">
          <legend>{t('businesses.address')}</legend>
          <FormField id="biz-line1" label={t('businesses.address.line1')} error={errors['address.line1']}>
            <InputText
              id="biz-line1"
              value={address.line1}
              autoComplete="address-line1"
              maxLength={200}
              onChange={(e) => setPart('line1')(e.target.value)}
            />
          </FormField>
          <FormField id="biz-line2" label={t('businesses.address.line2')} error={errors['address.line2']}>
            <InputText
              id="biz-line2"
              value={address.line2}
              autoComplete="address-line2"
              maxLength={200}
              onChange={(e) => setPart('line2')(e.target.value)}
            />
          </FormField>
          <div className="form-row">
            <FormField
              id="biz-postal"
              label={t('businesses.address.postalCode')}
              error={errors['address.postal_code']}
            >
              <InputText
                id="biz-postal"
                value={address.postal_code}
                autoComplete="postal-code"
                maxLength={20}
                onChange={(e) => setPart('postal_code')(e.target.value)}
              />
            </FormField>
            <FormField id="biz-city" label={t('businesses.address.city')} error={errors['address.city']}>
              <InputText
                id="biz-city"
                value={address.city}
                autoComplete="address-level2"
                maxLength={120}
                onChange={(e) => setPart('city')(e.target.value)}
              />
            </FormField>
          </div>
          <div className="form-row">
            <FormField id="biz-state" label={t('businesses.address.state')} error={errors['address.state']}>
              <InputText
                id="biz-state"
                value={address.state}
                autoComplete="address-level1"
                maxLength={120}
                onChange={(e) => setPart('state')(e.target.value)}
              />
            </FormField>
            <FormField
              id="biz-address-country"
              label={t('businesses.field.country')}
              error={errors['address.country']}
              help={t('businesses.address.countryHelp')}
            >
              <InputText
                id="biz-address-country"
                value={address.country}
                autoComplete="country"
                maxLength={2}
                onChange={(e) => setPart('country')(e.target.value)}
              />
            </FormField>
          </div>
        </fieldset>
        <FormField
          id="biz-vat"
          label={t('businesses.field.vatId')}
          error={errors.vat_id}
          help={t('businesses.field.vatIdHelp')}
        >
          <InputText
            id="biz-vat"
            value={form.vat_id ?? ''}
            maxLength={32}
            onChange={(e) => set('vat_id')(e.target.value)}
          />
        </FormField>
        <FormField id="biz-support" label={t('businesses.field.supportEmail')} error={errors.support_email}>
          <InputText
            id="biz-support"
            type="email"
            value={form.support_email ?? ''}
            onChange={(e) => set('support_email')(e.target.value)}
          />
        </FormField>
        <FormField id="biz-provider" label={t('businesses.field.provider')}>
          <Dropdown
            inputId="biz-provider"
            value={form.payment_provider}
            options={providers}
            onChange={(e) => set('payment_provider')(e.value)}
          />
        </FormField>
        {form.payment_provider === 'stripe' && (
          <>
            <FormField
              id="biz-stripe-key"
              label={t('businesses.stripe.secretKey')}
              error={errors.stripe_secret_key}
              help={
                business?.stripe_secret_key_last4
                  ? t('businesses.stripe.secretKeyStored', { last4: business.stripe_secret_key_last4 })
                  : t('businesses.stripe.secretKeyHelp')
              }
            >
              <Password
                inputId="biz-stripe-key"
                value={form.stripe_secret_key ?? ''}
                onChange={(e) => set('stripe_secret_key')(e.target.value)}
                feedback={false}
                toggleMask
                autoComplete="off"
              />
            </FormField>
            <FormField
              id="biz-stripe-pk"
              label={t('businesses.stripe.publishableKey')}
              error={errors.stripe_publishable_key}
              help={t('businesses.stripe.publishableKeyHelp')}
            >
              <InputText
                id="biz-stripe-pk"
                value={form.stripe_publishable_key ?? ''}
                onChange={(e) => set('stripe_publishable_key')(e.target.value)}
                autoComplete="off"
              />
            </FormField>
            <FormField
              id="biz-stripe-whsec"
              label={t('businesses.stripe.webhookSecret')}
              error={errors.stripe_webhook_secret}
              help={
                business?.stripe_webhook_secret_set ? t('businesses.stripe.webhookSecretStored') : undefined
              }
            >
              <Password
                inputId="biz-stripe-whsec"
                value={form.stripe_webhook_secret ?? ''}
                onChange={(e) => set('stripe_webhook_secret')(e.target.value)}
                feedback={false}
                toggleMask
                autoComplete="off"
              />
            </FormField>
          </>
        )}
        <div className="dialog-actions">
          <Button type="button" label={t('common.cancel')} text onClick={onClose} />
          <Button type="submit" label={business ? t('common.save') : t('businesses.create')} loading={busy} />
        </div>
      </form>
    </Dialog>
  );
}
