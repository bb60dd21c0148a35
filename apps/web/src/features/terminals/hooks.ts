import type { FleetTerminal, Page, PairingCode, Sticker, Transaction } from '@scanline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mainApi, mobileApi, terminalApi } from '../../api/clients';
import { terminalKeys, terminalsPath } from '../../shared/terminals/hooks';

// Terminals live on the terminal API; their transactions on the main API.

export const useTerminal = (pid: string, tid: string, opts: { refetchInterval?: number } = {}) =>
  useQuery({
    queryKey: terminalKeys.one(pid, tid),
    queryFn: ({ signal }) =>
      terminalApi().request<FleetTerminal>(`${terminalsPath(pid)}/${encodeURIComponent(tid)}`, { signal }),
    refetchInterval: opts.refetchInterval,
  });

/** The latest transactions taken at one terminal, newest first. */
export const useTerminalTransactions = (pid: string, tid: string) =>
  useQuery({
    queryKey: ['project', pid, 'transactions', 'list', { terminal: tid }] as const,
    queryFn: ({ signal }) =>
      mainApi().request<Page<Transaction>>(`/projects/${encodeURIComponent(pid)}/transactions`, {
        query: { limit: 10, sort: '-created_at', 'terminal_id[equals]': tid },
        signal,
      }),
  });

function useTerminalMutation<TArgs, TResult>(pid: string, fn: (args: TArgs) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: terminalKeys.all(pid) }),
  });
}

/**
 * "Send test checkout": 1.00 in the project's currency pushed to the terminal, as a
 * register would, so an admin sees the device react without a register.
 */
export const useSendTestCheckout = (pid: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ terminalId, amount }: { terminalId: string; amount: number }) =>
      terminalApi().request<Transaction>('/transactions', {
        method: 'POST',
        body: { amount, terminal_id: terminalId, reference: 'Test checkout' },
        headers: { 'idempotency-key': crypto.randomUUID() },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['project', pid, 'transactions'] }),
  });
};

export interface TerminalInput {
  label: string;
  kind?: FleetTerminal['kind'];
  location?: string | null;
  serial?: string | null;
}

export const useCreateTerminal = (pid: string) =>
  useTerminalMutation(pid, (body: TerminalInput) =>
    terminalApi().request<FleetTerminal>(terminalsPath(pid), { method: 'POST', body }),
  );

export const useUpdateTerminal = (pid: string) =>
  useTerminalMutation(pid, ({ id, body }: { id: string; body: TerminalInput }) =>
    terminalApi().request<FleetTerminal>(`${terminalsPath(pid)}/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body,
    }),
  );

export const useSetTerminalEnabled = (pid: string) =>
  useTerminalMutation(pid, ({ id, enabled }: { id: string; enabled: boolean }) =>
    terminalApi().request<FleetTerminal>(
      `${terminalsPath(pid)}/${encodeURIComponent(id)}/${enabled ? 'enable' : 'disable'}`,
      {
        method: 'POST',
      },
    ),
  );

/** A new pairing code voids the previous one, so it is a mutation, never cached. */
export const useNewPairingCode = (pid: string) =>
  useMutation({
    mutationFn: (id: string) =>
      terminalApi().request<PairingCode>(`${terminalsPath(pid)}/${encodeURIComponent(id)}/pairing-codes`, {
        method: 'POST',
      }),
  });

/** The sticker token of a terminal's `sticker_url` (`…/s/{token}`). */
export const stickerToken = (t: FleetTerminal) => t.sticker_url.split('/s/')[1] ?? '';

/** What a shopper sees on the sticker (the public mobile API): the business name for the print. */
export const useStickerView = (t: FleetTerminal | undefined) =>
  useQuery({
    queryKey: ['sticker', t?.sticker_url],
    enabled: Boolean(t),
    queryFn: ({ signal }) =>
      mobileApi().request<Sticker>(`/stickers/${encodeURIComponent(stickerToken(t!))}`, { signal }),
  });

/** A new sticker link; the printed one stops at once. */
export const useRotateSticker = (pid: string) =>
  useTerminalMutation(pid, (id: string) =>
    terminalApi().request<FleetTerminal>(`${terminalsPath(pid)}/${encodeURIComponent(id)}/sticker/rotate`, {
      method: 'POST',
    }),
  );
