import { Link } from 'react-router';
import { useT } from '../lib/i18n/console-intl';

export interface Crumb {
  label: string;
  /** Omitted for the current screen, the last crumb. */
  to?: string;
}

/** Where this screen sits, as links back up (WAI-ARIA breadcrumb pattern: a labelled nav, an ordered list). */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useT();
  return (
    <nav aria-label={t('common.breadcrumb')} className="breadcrumbs">
      <ol>
        {items.map((c, i) => (
          // A trail's links are unique; the last crumb has none and its label.
          <li key={c.to ?? c.label}>
            {c.to && i < items.length - 1 ? (
              <Link to={c.to}>{c.label}</Link>
            ) : (
              <span aria-current={i === items.length - 1 ? 'page' : undefined}>{c.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
