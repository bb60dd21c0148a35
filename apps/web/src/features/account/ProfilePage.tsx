import { useAuth } from '../../auth/auth-context';
import { hasPasswordSignIn } from '../../auth/reauthenticate';
import { PageHeader } from '../../ui/PageHeader';
import { DangerZone } from './DangerZone';
import { EmailForm } from './EmailForm';
import { LinkedProviders } from './LinkedProviders';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';

export default function ProfilePage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <PageHeader title="Profile" subtitle="How you appear in Scanline, and how you sign in." />
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
