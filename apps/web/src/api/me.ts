import type { Invitation, Project, User } from '@scanline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ConsoleLocale, isConsoleLocale } from '../lib/i18n/console-intl';
import { get, send } from './main-requests';
import { keys } from './query-keys';

export interface MeAnswer {
  user: User;
  projects: { id: string; name: string; role: Project['role']; currency: string }[];
  invitations: (Invitation & { project_id: string; project_name: string })[];
}

/** The signed-in user with their projects and open invitations (`GET /api/v1/me`). */
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
