import type {
  Close,
  CloseDetail,
  CloseVerify,
  CurrentClose,
  NextPayout,
  Page,
  Payout,
  PayoutItem,
} from '@scanline/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mainApi, terminalApi } from '../../api/clients';

// The books: closes (Z reports), the X report, payouts and their items.

export const bookKeys = {
  closes: (pid: string) => ['project', pid, 'closes'] as const,
  payouts: (pid: string) => ['project', pid, 'payouts'] as const,
};

const project = (pid: string) => `/projects/${encodeURIComponent(pid)}`;

export const useCloses = (pid: string, query: Record<string, string>) =>
  useQuery({
    queryKey: [...bookKeys.closes(pid), 'list', query],
    queryFn: ({ signal }) => mainApi().request<Page<Close>>(`${project(pid)}/closes`, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useClose = (pid: string, cid: string) =>
  useQuery({
    queryKey: [...bookKeys.closes(pid), 'one', cid],
    queryFn: ({ signal }) =>
      mainApi().request<CloseDetail>(`${project(pid)}/closes/${encodeURIComponent(cid)}`, { signal }),
  });

export const useVerifyCloses = (pid: string, enabled: boolean) =>
  useQuery({
    queryKey: [...bookKeys.closes(pid), 'verify'],
    queryFn: ({ signal }) => mainApi().request<CloseVerify>(`${project(pid)}/closes/verify`, { signal }),
    enabled,
  });

const terminalPath = (pid: string, tid: string) =>
  `/projects/${encodeURIComponent(pid)}/terminals/${encodeURIComponent(tid)}/closes`;

/** The X report: refreshed every 30 s while shown. */
export const useCurrentClose = (pid: string, tid: string) =>
  useQuery({
    queryKey: [...bookKeys.closes(pid), 'current', tid],
    queryFn: ({ signal }) =>
      terminalApi().request<CurrentClose>(`${terminalPath(pid, tid)}/current`, { signal }),
    refetchInterval: 30_000,
  });

export function useCreateClose(pid: string, tid: string) {
  const client = useQueryClient();
  return useMutation({
    // The cash counted in the drawer, when the terminal has one open (docs/guide/drawer.md).
    mutationFn: (counted?: number) =>
      terminalApi().request<Close>(terminalPath(pid, tid), {
        method: 'POST',
        ...(counted === undefined ? {} : { body: { counted_cash: counted } }),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: bookKeys.closes(pid) }),
  });
}

export const usePayouts = (pid: string, query: Record<string, string>) =>
  useQuery({
    queryKey: [...bookKeys.payouts(pid), 'list', query],
    queryFn: ({ signal }) => mainApi().request<Page<Payout>>(`${project(pid)}/payouts`, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const usePayout = (pid: string, poid: string) =>
  useQuery({
    queryKey: [...bookKeys.payouts(pid), 'one', poid],
    queryFn: ({ signal }) =>
      mainApi().request<Payout>(`${project(pid)}/payouts/${encodeURIComponent(poid)}`, { signal }),
  });

export const usePayoutItems = (pid: string, poid: string, query: Record<string, string>) =>
  useQuery({
    queryKey: [...bookKeys.payouts(pid), 'items', poid, query],
    queryFn: ({ signal }) =>
      mainApi().request<Page<PayoutItem>>(`${project(pid)}/payouts/${encodeURIComponent(poid)}/items`, {
        query,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useNextPayout = (pid: string) =>
  useQuery({
    queryKey: [...bookKeys.payouts(pid), 'next'],
    queryFn: ({ signal }) => mainApi().request<NextPayout>(`${project(pid)}/payouts/next`, { signal }),
  });
