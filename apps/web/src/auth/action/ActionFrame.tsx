import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n/console-intl';
import { AuthCard } from '../AuthCard';

/** The card every action screen is drawn in, with the way back to sign-in. */
export function ActionFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <AuthCard title={title} subtitle={subtitle} footer={<Link to="/login">{t('auth.backToSignIn')}</Link>}>
      {children}
    </AuthCard>
  );
}
