import { updateProfile } from 'firebase/auth';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, useState } from 'react';
import { useAuth } from '../../auth/auth-context';
import { authErrorMessage } from '../../auth/errors';
import { useT } from '../../lib/i18n/console-intl';
import { FormField } from '../../ui/FormField';
import { useUi } from '../../ui/global-ui';

/** The display name and photo. */
export function ProfileForm() {
  const { user, refresh } = useAuth();
  const ui = useUi();
  const { t } = useT();
  const [name, setName] = useState(user?.displayName ?? '');
  const [photo, setPhoto] = useState(user?.photoURL ?? '');
  const [busy, setBusy] = useState(false);
  const photoInvalid = photo !== '' && !/^https:\/\/\S+$/.test(photo);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!user || photoInvalid) return;
    setBusy(true);
    try {
      await updateProfile(user, { displayName: name.trim() || null, photoURL: photo.trim() || null });
      await refresh();
      ui.toast('success', t('account.profile.saved'));
    } catch (error) {
      ui.toast('error', t('account.profile.saveFailed'), authErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="surface-card panel p-fluid" onSubmit={save} aria-labelledby="profile-title">
      <h2 id="profile-title">{t('account.profile.details')}</h2>
      <FormField id="profile-name" label={t('account.profile.displayName')}>
        <InputText
          id="profile-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={120}
          autoComplete="name"
        />
      </FormField>
      <FormField
        id="profile-photo"
        label={t('account.profile.photo')}
        error={photoInvalid ? t('account.profile.photoInvalid') : undefined}
        help={t('account.profile.photoHelp')}
      >
        <InputText
          id="profile-photo"
          value={photo}
          onChange={(e) => setPhoto(e.target.value)}
          maxLength={2048}
          invalid={photoInvalid}
        />
      </FormField>
      <Button type="submit" label={t('account.profile.save')} loading={busy} />
    </form>
  );
}
