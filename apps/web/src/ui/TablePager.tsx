import { Button } from 'primereact/button';
import { useT } from '../lib/i18n/console-intl';
import { useDisplayTimeZone } from '../theme/display-time-zone';
import type { TableQuery } from './use-table-query';

/** Previous and next by cursor, the page number, and the time zone of the dates shown. */
export function TablePager({
  query,
  nextCursor,
  showsDates,
}: {
  query: TableQuery;
  nextCursor: string | null | undefined;
  showsDates: boolean;
}) {
  const displayTimeZone = useDisplayTimeZone();
  const { t } = useT();
  return (
    <nav className="server-table-pager" aria-label={t('common.table.pages')}>
      <Button
        label={t('common.table.previous')}
        icon="pi pi-chevron-left"
        text
        disabled={query.pageIndex === 0}
        onClick={query.previous}
      />
      <span className="muted">
        {t('common.table.page', { page: query.pageIndex + 1 })}
        {showsDates && (
          <span className="server-table-zone"> · {t('common.table.timesIn', { zone: displayTimeZone })}</span>
        )}
      </span>
      <Button
        label={t('common.table.next')}
        icon="pi pi-chevron-right"
        iconPos="right"
        text
        disabled={!nextCursor}
        onClick={() => nextCursor && query.next(nextCursor)}
      />
    </nav>
  );
}
