import { createContext, type ReactNode, useCallback, useContext } from 'react';
import { browserTimeZone, formatDate, type WithTime } from './date-format';

/**
 * The zone every date on a page is shown in: the project layout provides the
 * project's zone once the project has loaded, and every date drawn through `useFormatDate`
 * redraws then. A module variable set during render left rows drawn before the project
 * loaded in the browser's zone, so the zone is React state.
 */
const DisplayTimeZoneContext = createContext<string | undefined>(undefined);

export function DisplayTimeZoneProvider({
  zone,
  children,
}: {
  zone: string | undefined;
  children: ReactNode;
}) {
  return <DisplayTimeZoneContext.Provider value={zone}>{children}</DisplayTimeZoneContext.Provider>;
}

/** The project's zone inside a project (once known), else the browser's. */
export function useDisplayTimeZone(): string {
  return useContext(DisplayTimeZoneContext) ?? browserTimeZone();
}

/** Whether the project's zone is known yet (false outside a project and while it loads). */
export const useProjectTimeZoneKnown = () => useContext(DisplayTimeZoneContext) !== undefined;

/** `formatDate` bound to the display zone; a new function when the zone changes, so memoised rows redraw. */
export function useFormatDate() {
  const zone = useDisplayTimeZone();
  return useCallback(
    (value: Date | string | number | null | undefined, withTime: WithTime = true) =>
      formatDate(value, withTime, zone),
    [zone],
  );
}

/**
 * A date as text that reads the zone itself: PrimeReact's DataTable memoises its cells on the
 * row, so a cell that formatted with the page's formatter kept the zone of its first drawing.
 * Table cells show dates through this.
 */
export function DateText({
  value,
  withTime = true,
  empty,
}: {
  value: Date | string | number | null | undefined;
  withTime?: WithTime;
  /** Shown instead of `—` when there is no date ("Never"). */
  empty?: string;
}) {
  const formatDate = useFormatDate();
  if ((value === null || value === undefined) && empty !== undefined) return <>{empty}</>;
  return <>{formatDate(value, withTime)}</>;
}
