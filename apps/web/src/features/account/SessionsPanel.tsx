import type { SessionInfo } from '@scanline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { ApiError } from '../../api/api-error';
import { mainApi } from '../../api/clients';
import { useUi } from '../../ui/global-ui';
import { RelativeTime } from '../terminals/status';

const sessionsKey = ['me', 'sessions'] as const;

/** Settings → Security → Sessions (issue 16 §5): every signed-in browser, with a way to end it. */
export function SessionsPanel() {
  const ui = useUi();
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: sessionsKey,
    queryFn: async () => (await mainApi().request<{ data: SessionInfo[] }>('/me/sessions')).data,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsKey });
  const failed = (title: string) => (error: unknown) =>
    ui.toast('error', title, error instanceof ApiError ? error.message : 'Try again in a moment.');
  const revoke = useMutation({
    mutationFn: (id: string) => mainApi().request(`/me/sessions/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      ui.toast('success', 'Session ended', 'That browser is signed out.');
      void refresh();
    },
    onError: failed('Could not end the session'),
  });
  const revokeOthers = useMutation({
    mutationFn: () =>
      mainApi().request<{ revoked: number }>('/me/sessions/revoke-others', { method: 'POST', body: {} }),
    onSuccess: ({ revoked }) => {
      ui.toast('success', revoked === 1 ? '1 session ended' : `${revoked} sessions ended`);
      void refresh();
    },
    onError: failed('Could not end the other sessions'),
  });

  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;
  return (
    <section className="surface-card panel" aria-labelledby="sessions-title" id="sessions">
      <h2 id="sessions-title">Sessions</h2>
      <p className="muted">Where your account is signed in. End any session you do not recognise.</p>
      {sessions.isError ? (
        <div role="alert">
          <p className="p-error">Could not load your sessions.</p>
          <Button label="Try again" className="p-button-outlined" onClick={() => void sessions.refetch()} />
        </div>
      ) : sessions.isPending ? (
        <p className="muted">Loading…</p>
      ) : (
        <ul className="factor-list session-list" aria-label="Signed-in sessions">
          {list.map((s) => (
            <li key={s.id} className="factor-row" data-session-id={s.id}>
              <i
                className={`pi ${/Android|iOS/.test(s.browser) ? 'pi-mobile' : 'pi-desktop'}`}
                aria-hidden="true"
              />
              <div className="factor-text">
                <strong>
                  {s.browser} {s.current && <Tag value="This browser" severity="info" />}{' '}
                  {s.second_factor && <Tag value="Two-step" severity="success" />}
                </strong>
                <span className="muted">
                  {s.ip ?? 'Unknown address'} · signed in <RelativeTime value={s.created_at} /> · last active{' '}
                  <RelativeTime value={s.last_used_at} />
                </span>
              </div>
              {!s.current && (
                <Button
                  label="End"
                  icon="pi pi-sign-out"
                  className="p-button-outlined p-button-danger p-button-sm"
                  aria-label={`End session ${s.browser}`}
                  loading={revoke.isPending && revoke.variables === s.id}
                  onClick={() =>
                    ui.confirm({
                      header: 'End this session?',
                      message: `${s.browser} (${s.ip ?? 'unknown address'}) will be signed out.`,
                      acceptLabel: 'End session',
                      danger: true,
                      onAccept: () => revoke.mutate(s.id),
                    })
                  }
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <Button
        label="Sign out all other sessions"
        icon="pi pi-sign-out"
        className="p-button-outlined p-button-danger"
        disabled={others === 0}
        loading={revokeOthers.isPending}
        onClick={() =>
          ui.confirm({
            header: 'Sign out everywhere else?',
            message: `${others === 1 ? '1 other session' : `${others} other sessions`} will be signed out. This browser stays signed in.`,
            acceptLabel: 'Sign out others',
            danger: true,
            onAccept: () => revokeOthers.mutate(),
          })
        }
      />
    </section>
  );
}
