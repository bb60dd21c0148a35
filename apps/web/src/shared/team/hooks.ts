import type { InvitationPreview, Member, Page } from '@scanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../api/main-requests';
import { keys } from '../../api/query-keys';

export const useMembers = (id: string) =>
  useQuery({
    queryKey: keys.members(id),
    queryFn: async () => (await get<Page<Member>>(`/projects/${id}/members`, { limit: 100 })).data,
  });

export const useInvitationPreview = (token: string | null) =>
  useQuery({
    queryKey: ['invitation', token],
    enabled: Boolean(token),
    retry: false,
    queryFn: () => get<InvitationPreview>(`/invitations/${token}`),
  });
