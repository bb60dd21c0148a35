import { Button } from 'primereact/button';
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
  return (
    <nav className="server-table-pager" aria-label="Pages">
      <Button
        label="Previous"
        icon="pi pi-chevron-left"
        text
        disabled={query.pageIndex === 0}
        onClick={query.previous}
      />
      <span className="muted">
        Page {query.pageIndex + 1}
        {showsDates && <span className="server-table-zone"> · times in {displayTimeZone}</span>}
      </span>
      <Button
        label="Next"
        icon="pi pi-chevron-right"
        iconPos="right"
        text
        disabled={!nextCursor}
        onClick={() => nextCursor && query.next(nextCursor)}
      />
    </nav>
  );
}
