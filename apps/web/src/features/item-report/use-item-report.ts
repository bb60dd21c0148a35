import type { ItemReport } from '@scanline/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { mainApi } from '../../api/clients';

export interface ItemReportParams {
  from: string;
  to: string;
  group?: 'item' | 'category';
  currency?: string;
}

export const itemReportPath = (projectId: string) =>
  `/projects/${encodeURIComponent(projectId)}/reports/items`;

export const itemReportQuery = (p: ItemReportParams): Record<string, string> => ({
  from: p.from,
  to: p.to,
  ...(p.group === 'category' ? { group: 'category' } : {}),
  ...(p.currency ? { currency: p.currency } : {}),
});

/**
 * What was sold (docs/guide/item-reports.md): the report screen and the dashboard's "Top items"
 * read this one route, so both show the same figures.
 */
export const useItemReport = (projectId: string, p: ItemReportParams, enabled = true) =>
  useQuery({
    queryKey: [
      'project',
      projectId,
      'item-report',
      p.from,
      p.to,
      p.group ?? 'item',
      p.currency ?? '',
    ] as const,
    enabled,
    placeholderData: keepPreviousData,
    // The rollups trail the raw rows by seconds; refresh while the page is open.
    refetchInterval: 60_000,
    queryFn: ({ signal }) =>
      mainApi().request<ItemReport>(itemReportPath(projectId), { signal, query: itemReportQuery(p) }),
  });

/** The item's part of a sold name: `Flat white (Large)` with variant `Large` → `Flat white`. */
export function itemNameOf(row: { name: string | null; variant_name: string | null }): string | null {
  if (!row.name || !row.variant_name) return row.name;
  const suffix = ` (${row.variant_name})`;
  return row.name.endsWith(suffix) ? row.name.slice(0, -suffix.length) : row.name;
}

/** Quantities have up to three decimals (weights). */
export const formatQuantity = (v: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(v);
