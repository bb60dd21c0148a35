import type { Business, Page } from '@scanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../api/main-requests';
import { keys } from '../../api/query-keys';

/** One server-driven page of the businesses list (filters, sort, cursor from the URL). */
export const useBusinessesPage = (apiQuery: Record<string, string>) =>
  useQuery({
    queryKey: [...keys.businesses, 'page', apiQuery],
    placeholderData: (previous) => previous,
    queryFn: () => get<Page<Business>>('/businesses', apiQuery),
  });
