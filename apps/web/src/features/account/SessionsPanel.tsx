import { type SessionInfo, UNKNOWN_BROWSER } from '@scanline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { ApiError } from '../../api/api-error';
import { mainApi } from '../../api/clients';
import { useT } from '../../lib/i18n/console-intl';
import { RelativeTime } from '../../shared/RelativeTime';
import { useUi } from '../../ui/global-ui';

const sessionsKey = ['me', 'sessions'] as const;

/** Settings → Security → Sessions: every signed-in browser, with a way to end it. */
export function SessionsPanel() {
  const ui = useUi();
  const { t, rich } = useT();
  const browserName = (browser: string) =>
    browser === UNKNOWN_BROWSER ? t('account.sessions.unknownBrowser') : browser;
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: sessionsKey,
    queryFn: async () => (await mainApi().request<{ data: SessionInfo[] }>('/me/sessions')).data,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsKey });
  const failed = (title: string) => (error: unknown) =>
    ui.toast('error', title, error instanceof ApiError ? error.message : t('account.sessions.tryLater'));
  const revoke = useMutation({
    mutationFn: (id: string) => mainApi().request(`/me/sessions/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      ui.toast('success', t('account.sessions.ended'), t('account.sessions.endedText'));
      void refresh();
    },
    onError: failed(t('account.sessions.endFailed')),
  });
  const revokeOthers = useMutation({
    mutationFn: () =>
      mainApi().request<{ revoked: number }>('/me/sessions/revoke-others', { method: 'POST', body: {} }),
    onSuccess: ({ revoked }) => {
      ui.toast('success', t('account.sessions.endedCount', { count: revoked }));
      void refresh();
    },
    onError: failed(t('account.sessions.othersFailed')),
  });

  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;
  return (
    <section className="surface-card panel" aria-labelledby="sessions-title" id="sessions">
      <h2 id="sessions-title">{t('account.sessions.title')}</h2>
      <p className="muted">{t('account.sessions.text')}</p>
      {sessions.isError ? (
        <div role="alert">
          <p className="p-error">{t('account.sessions.loadFailed')}</p>
          <Button
            label={t('common.tryAgain')}
            className="p-button-outlined"
            onClick={() => void sessions.refetch()}
          />
        </div>
      ) : sessions.isPending ? (
        <p className="muted">{t('common.loadingDots')}</p>
      ) : (
        <ul className="factor-list session-list" aria-label={t('account.sessions.list')}>
          {list.map((s) => (
            <li key={s.id} className="factor-row" data-session-id={s.id}>
              <i
                className={`pi ${/Android|iOS/.test(s.browser) ? 'pi-mobile' : 'pi-desktop'}`}
                aria-hidden="true"
              />
              <div className="factor-text">
                <strong>
                  {browserName(s.browser)}{' '}
                  {s.current && <Tag value={t('account.sessions.thisBrowser')} severity="info" />}{' '}
                  {s.second_factor && <Tag value={t('account.sessions.twoStep')} severity="success" />}
                </strong>
                <span className="muted">
                  {rich('account.sessions.line', {
                    ip: s.ip ?? t('account.sessions.unknownAddress'),
                    created: <RelativeTime value={s.created_at} />,
                    used: <RelativeTime value={s.last_used_at} />,
                  })}
                </span>
              </div>
              {!s.current && (
                <Button
                  label={t('account.sessions.end')}
                  icon="pi pi-sign-out"
                  className="p-button-outlined p-button-danger p-button-sm"
                  aria-label={t('account.sessions.endNamed', { browser: browserName(s.browser) })}
                  loading={revoke.isPending && revoke.variables === s.id}
                  onClick={() =>
                    ui.confirm({
                      header: t('account.sessions.endTitle'),
                      message: s.ip
                        ? t('account.sessions.endText', { browser: browserName(s.browser), ip: s.ip })
                        : t('account.sessions.endTextUnknown', { browser: browserName(s.browser) }),
                      acceptLabel: t('account.sessions.endAccept'),
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
        label={t('account.sessions.signOutOthers')}
        icon="pi pi-sign-out"
        className="p-button-outlined p-button-danger"
        disabled={others === 0}
        loading={revokeOthers.isPending}
        onClick={() =>
          ui.confirm({
            header: t('account.sessions.othersTitle'),
            message: t('account.sessions.othersText', { count: others }),
            acceptLabel: t('account.sessions.othersAccept'),
            danger: true,
            onAccept: () => revokeOthers.mutate(),
          })
        }
      />
    </section>
  );
}
