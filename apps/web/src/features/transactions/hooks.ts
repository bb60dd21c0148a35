import type { Page, Refund, Transaction, TransactionDetail } from '@scanline/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mainApi } from '../../api/clients';

export const transactionKeys = {
  all: (pid: string) => ['project', pid, 'transactions'] as const,
  list: (pid: string, query: Record<string, string>) =>
    ['project', pid, 'transactions', 'list', query] as const,
  one: (pid: string, tid: string) => ['project', pid, 'transactions', 'one', tid] as const,
};

const base = (pid: string) => `/projects/${encodeURIComponent(pid)}/transactions`;

export const useTransactions = (pid: string, query: Record<string, string>) =>
  useQuery({
    queryKey: transactionKeys.list(pid, query),
    queryFn: ({ signal }) => mainApi().request<Page<Transaction>>(base(pid), { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useTransaction = (pid: string, tid: string) =>
  useQuery({
    queryKey: transactionKeys.one(pid, tid),
    queryFn: ({ signal }) =>
      mainApi().request<TransactionDetail>(`${base(pid)}/${encodeURIComponent(tid)}`, { signal }),
  });

export type RefundReason = 'requested_by_customer' | 'duplicate' | 'fraudulent' | 'other';

export function useRefund(pid: string, tid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { amount?: number; reason?: RefundReason }) =>
      mainApi().request<Refund>(`${base(pid)}/${encodeURIComponent(tid)}/refunds`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: transactionKeys.all(pid) }),
  });
}
