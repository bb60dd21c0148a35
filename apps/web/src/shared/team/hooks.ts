import type { Invitation, InvitationPreview, Member, Page } from '@scanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { get, pageQuery } from '../../api/main-requests';
import { keys } from '../../api/query-keys';

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

export const useMembersPage = (id: string, apiQuery: Record<string, string>) =>
  useQuery(pageQuery<Member>(keys.members(id), `/projects/${id}/members`, apiQuery));

export const useInvitationPreview = (token: string | null) =>
  useQuery({
    queryKey: ['invitation', token],
    enabled: Boolean(token),
    retry: false,
    queryFn: () => get<InvitationPreview>(`/invitations/${token}`),
  });
