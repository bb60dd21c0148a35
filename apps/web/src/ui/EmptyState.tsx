import type { ReactNode } from 'react';

/** What a screen shows before it has data: what will appear here, and how to get it there. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon: string;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="empty-state surface-card">
      <i className={`pi ${icon}`} aria-hidden="true" />
      <h2>{title}</h2>
      <div className="empty-state-text">{children}</div>
      {action && <div className="empty-state-action">{action}</div>}
    </section>
  );
}
