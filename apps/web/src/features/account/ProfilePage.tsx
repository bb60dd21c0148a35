import { useAuth } from '../../auth/auth-context';
import { hasPasswordSignIn } from '../../auth/reauthenticate';
import { useT } from '../../lib/i18n/console-intl';
import { PageHeader } from '../../ui/PageHeader';
import { DangerZone } from './DangerZone';
import { EmailForm } from './EmailForm';
import { LinkedProviders } from './LinkedProviders';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';

export default function ProfilePage() {
  const { user } = useAuth();
  const { t } = useT();
  if (!user) return null;
  return (
    <>
      <PageHeader title={t('account.profile.title')} subtitle={t('account.profile.subtitle')} />
      <div className="stack">
        <ProfileForm />
        <EmailForm />
        {hasPasswordSignIn(user) && <PasswordForm />}
        <LinkedProviders />
        <DangerZone />
      </div>
    </>
  );
}
