import type { Invitation, Member, Page } from '@scanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { get, pageQuery } from '../../api/main-requests';
import { keys } from '../../api/query-keys';

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

export const useMembersPage = (id: string, apiQuery: Record<string, string>) =>
  useQuery(pageQuery<Member>(keys.members(id), `/projects/${id}/members`, apiQuery));
