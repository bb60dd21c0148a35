import type { ReactNode } from 'react';

/** The frame of every sign-in screen. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="center-page">
      <section className="auth-card surface-card" aria-labelledby="auth-title">
        <div className="auth-brand">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>Scanline</span>
        </div>
        <h1 id="auth-title">{title}</h1>
        {subtitle && <p className="auth-subtitle">{subtitle}</p>}
        {children}
        {footer && <div className="auth-footer">{footer}</div>}
      </section>
    </main>
  );
}
