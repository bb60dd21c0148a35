import type { ApiKey, AuditEntry, Page } from '@scanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { get, pageQuery } from '../../api/main-requests';
import { keys } from '../../api/query-keys';

export const useApiKeysPage = (id: string, apiQuery: Record<string, string>) =>
  useQuery(pageQuery<ApiKey>(keys.apiKeys(id), `/projects/${id}/api-keys`, apiQuery));

export const useAudit = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: keys.audit(id),
    enabled,
    queryFn: async () => (await get<Page<AuditEntry>>(`/projects/${id}/audit`, { limit: 100 })).data,
  });
