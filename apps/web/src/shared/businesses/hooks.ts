import type { Business, Page } from '@scanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../api/main-requests';
import { keys } from '../../api/query-keys';

export const useBusinesses = () =>
  useQuery({
    queryKey: keys.businesses,
    queryFn: async () => (await get<Page<Business>>('/businesses', { limit: 100 })).data,
  });
