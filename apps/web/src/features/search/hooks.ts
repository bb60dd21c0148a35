import type { SearchResponse } from '@scanline/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { mainApi } from '../../api/clients';

/** `value`, once it has stopped changing for `ms`: one request per pause in typing, not per key. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export const useProjectSearch = (pid: string, q: string) =>
  useQuery({
    queryKey: ['project', pid, 'search', q] as const,
    queryFn: ({ signal }) =>
      mainApi().request<SearchResponse>(`/projects/${encodeURIComponent(pid)}/search`, {
        query: { q },
        signal,
      }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
