import type { User } from '@scanline/contracts';
import { runtimeConfig } from '../config/runtime-config';
import { type ApiClient, createApiClient, type TokenSource } from './client';

let clients: { main: ApiClient; terminal: ApiClient; mobile: ApiClient } | undefined;

/** The three typed clients. Main and terminal carry the ID token; mobile never does. */
export function initApiClients(tokens: TokenSource) {
  const { api } = runtimeConfig();
  clients = {
    main: createApiClient(api.main, tokens),
    terminal: createApiClient(api.terminal, tokens),
    mobile: createApiClient(api.mobile),
  };
}

function get() {
  if (!clients) throw new Error('API clients used before boot');
  return clients;
}

export const mainApi = () => get().main;
export const terminalApi = () => get().terminal;
export const mobileApi = () => get().mobile;

export interface Me {
  user: User;
}

export const fetchMe = (signal?: AbortSignal) => mainApi().request<Me>('/me', { signal });
