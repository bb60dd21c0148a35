import type {
  ApiKey,
  AuditEntry,
  Business,
  Invitation,
  InvitationPreview,
  Member,
  Page,
  Project,
  User,
} from '@scanline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mainApi } from '../../api/clients';
import { type ConsoleLocale, isConsoleLocale } from '../../lib/i18n/console-intl';

export interface MeAnswer {
  /** `locale` (issue 28): the server's new field, not in the generated types yet. */
  user: User & { locale?: string | null };
  projects: { id: string; name: string; role: Project['role']; currency: string }[];
  invitations: (Invitation & { project_id: string; project_name: string })[];
}

const get = <T>(path: string, query?: Record<string, string | number | undefined>) =>
  mainApi().request<T>(path, { query });
const send = <T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
  mainApi().request<T>(path, { method, body });

export const keys = {
  me: ['me'] as const,
  businesses: ['businesses'] as const,
  projects: ['projects'] as const,
  project: (id: string) => ['project', id] as const,
  members: (id: string) => ['project', id, 'members'] as const,
  invitations: (id: string) => ['project', id, 'invitations'] as const,
  apiKeys: (id: string) => ['project', id, 'api-keys'] as const,
  audit: (id: string) => ['project', id, 'audit'] as const,
};

export const useMe = () => useQuery({ queryKey: keys.me, queryFn: () => get<MeAnswer>('/me') });

/** The language chosen on the account (Settings → Language), or null for the browser's. */
export const accountLocale = (me: MeAnswer | undefined): ConsoleLocale | null => {
  const locale = me?.user.locale;
  return isConsoleLocale(locale) ? locale : null;
};

/** Settings → Language: PATCH /api/v1/me `{ locale }` (null: follow the browser again). */
export function useSetAccountLocale() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (locale: ConsoleLocale | null) => send<MeAnswer['user']>('PATCH', '/me', { locale }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.me }),
  });
}
export const useBusinesses = () =>
  useQuery({
    queryKey: keys.businesses,
    queryFn: async () => (await get<Page<Business>>('/businesses', { limit: 100 })).data,
  });
/** One server-driven page of the businesses list (filters, sort, cursor from the URL). */
export const useBusinessesPage = (apiQuery: Record<string, string>) =>
  useQuery({
    queryKey: [...keys.businesses, 'page', apiQuery],
    placeholderData: (previous) => previous,
    queryFn: () => get<Page<Business>>('/businesses', apiQuery),
  });
export const useProjects = () =>
  useQuery({
    queryKey: keys.projects,
    queryFn: async () =>
      (await get<Page<Project>>('/projects', { limit: 100, include_deleted: 'true' })).data,
  });
export const useProject = (id: string) =>
  useQuery({ queryKey: keys.project(id), queryFn: () => get<Project>(`/projects/${id}`) });
export const useMembers = (id: string) =>
  useQuery({
    queryKey: keys.members(id),
    queryFn: async () => (await get<Page<Member>>(`/projects/${id}/members`, { limit: 100 })).data,
  });
export const useInvitations = (id: string, enabled = true, role?: Invitation['role']) =>
  useQuery({
    queryKey: [...keys.invitations(id), role ?? 'any'],
    enabled,
    queryFn: async () =>
      (
        await get<Page<Invitation>>(`/projects/${id}/invitations`, {
          limit: 100,
          ...(role ? { 'role[equals]': role } : {}),
        })
      ).data,
  });
// Server-driven tables (issue 9): the page, sort and filters come from the URL (useTableQuery).
// Keys extend the list's key, so an action that refreshes the list refreshes every page of it.
const pageQuery = <T>(queryKey: readonly unknown[], path: string, apiQuery: Record<string, string>) => ({
  queryKey: [...queryKey, 'page', apiQuery],
  placeholderData: (previous: Page<T> | undefined) => previous,
  queryFn: () => get<Page<T>>(path, apiQuery),
});
export const useProjectsPage = (apiQuery: Record<string, string>) =>
  useQuery(pageQuery<Project>(keys.projects, '/projects', { include_deleted: 'true', ...apiQuery }));
export const useMembersPage = (id: string, apiQuery: Record<string, string>) =>
  useQuery(pageQuery<Member>(keys.members(id), `/projects/${id}/members`, apiQuery));
export const useApiKeysPage = (id: string, apiQuery: Record<string, string>) =>
  useQuery(pageQuery<ApiKey>(keys.apiKeys(id), `/projects/${id}/api-keys`, apiQuery));
export const useAudit = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: keys.audit(id),
    enabled,
    queryFn: async () => (await get<Page<AuditEntry>>(`/projects/${id}/audit`, { limit: 100 })).data,
  });
export const useInvitationPreview = (token: string | null) =>
  useQuery({
    queryKey: ['invitation', token],
    enabled: Boolean(token),
    retry: false,
    queryFn: () => get<InvitationPreview>(`/invitations/${token}`),
  });

/** A mutation that refreshes the given queries when it succeeds. */
export function useAction<TArgs, TResult>(
  fn: (args: TArgs) => Promise<TResult>,
  invalidate: readonly (readonly unknown[])[],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all(invalidate.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}

export { send };
