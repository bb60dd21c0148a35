import type { ReactNode } from 'react';
import { Link } from 'react-router';
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
  return (
    <AuthCard title={title} subtitle={subtitle} footer={<Link to="/login">Back to sign in</Link>}>
      {children}
    </AuthCard>
  );
}
