import { createWebhookSchema, fieldProblems, messagesByField, type Webhook } from '@scanline/contracts';
import { Checkbox } from 'primereact/checkbox';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { Skeleton } from 'primereact/skeleton';
import { useState } from 'react';
import { useT } from '../../lib/i18n/console-intl';
import { FormDialog } from '../../ui/FormDialog';
import { FormField } from '../../ui/FormField';
import { useEventTypes } from './hooks';

export interface WebhookForm {
  url: string;
  description: string;
  event_types: string[];
  enabled: boolean;
}

/** Create or edit an endpoint: URL, description and the events it receives, picked from the catalogue. */
export function WebhookDialog({
  webhook,
  onClose,
  onSave,
}: {
  webhook: Webhook | null;
  onClose: () => void;
  onSave: (form: WebhookForm) => Promise<void>;
}) {
  const { t: tr } = useT();
  const catalogue = useEventTypes();
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [types, setTypes] = useState<string[]>(webhook?.event_types ?? []);
  const [enabled, setEnabled] = useState(webhook?.enabled ?? true);
  const all = types.length === 0;

  const toggle = (type: string, on: boolean) =>
    setTypes((old) => (on ? [...new Set([...old, type])] : old.filter((t) => t !== type)));

  return (
    <FormDialog
      header={webhook ? tr('webhooks.dialog.editTitle') : tr('webhooks.dialog.newTitle')}
      width="40rem"
      cancelLabel={tr('webhooks.dialog.cancel')}
      submitLabel={webhook ? tr('webhooks.dialog.save') : tr('webhooks.dialog.create')}
      fields={['url', 'description', 'event_types', 'enabled']}
      validate={() => {
        const parsed = createWebhookSchema.safeParse({ url, description, event_types: types, enabled });
        return parsed.success ? null : messagesByField(fieldProblems(parsed.error.issues));
      }}
      onSubmit={() =>
        onSave({ url: url.trim(), description: description.trim(), event_types: types, enabled })
      }
      onClose={onClose}
    >
      {(errors) => (
        <>
          <FormField
            id="webhook-url"
            label={tr('webhooks.dialog.url')}
            error={errors.url}
            help={tr('webhooks.dialog.urlHelp')}
          >
            <InputText
              id="webhook-url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder="https://example.com/webhooks/scanline"
              invalid={Boolean(errors.url)}
            />
          </FormField>
          <FormField
            id="webhook-description"
            label={tr('webhooks.dialog.description')}
            error={errors.description}
          >
            <InputText
              id="webhook-description"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              placeholder={tr('webhooks.dialog.descriptionPlaceholder')}
            />
          </FormField>
          <fieldset className="event-catalogue">
            <legend>{tr('webhooks.dialog.events')}</legend>
            <div className="event-option">
              <Checkbox inputId="event-all" checked={all} onChange={() => setTypes([])} />
              <label htmlFor="event-all">
                <strong>{tr('webhooks.dialog.everyEvent')}</strong>
                <span className="muted">{tr('webhooks.dialog.everyEventHelp')}</span>
              </label>
            </div>
            {catalogue.isPending ? (
              <Skeleton height="8rem" />
            ) : (
              catalogue.data
                ?.filter((t) => t.type !== 'webhook.test')
                .map((t) => (
                  <div className="event-option" key={t.type}>
                    <Checkbox
                      inputId={`event-${t.type}`}
                      checked={types.includes(t.type)}
                      onChange={(e) => toggle(t.type, Boolean(e.checked))}
                    />
                    <label htmlFor={`event-${t.type}`}>
                      <code>{t.type}</code>
                      <span className="muted">{t.description}</span>
                    </label>
                  </div>
                ))
            )}
          </fieldset>
          <div className="form-field form-switch">
            <InputSwitch
              inputId="webhook-enabled"
              checked={enabled}
              onChange={(e) => setEnabled(Boolean(e.value))}
            />
            <label htmlFor="webhook-enabled">{tr('webhooks.dialog.enabled')}</label>
          </div>
        </>
      )}
    </FormDialog>
  );
}
