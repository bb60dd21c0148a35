import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/api-error';
import { send } from '../../api/main-requests';
import { keys } from '../../api/query-keys';
import { useAction } from '../../api/use-action';
import { auth } from '../../auth/firebase';
import { useT } from '../../lib/i18n/console-intl';
import { useProject } from '../../shared/projects/hooks';
import { useMembers } from '../../shared/team/hooks';
import { useUi } from '../../ui/global-ui';

/** Whether this browser's session passed a second factor (the ID token says so). */
function useSessionHasSecondFactor(): boolean | null {
  const [passed, setPassed] = useState<boolean | null>(null);
  useEffect(() => {
    void auth()
      .currentUser?.getIdTokenResult()
      .then(
        (r) => setPassed(Boolean(r.signInSecondFactor)),
        () => setPassed(false),
      );
  }, []);
  return passed;
}

/** The owner or an admin makes two-step verification a condition of entry. */
export function TwoStepRequirementForm({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const ui = useUi();
  const { t, rich } = useT();
  const project = useProject(projectId);
  const members = useMembers(projectId);
  const saved = project.data?.require_mfa ?? false;
  const [on, setOn] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const sessionPassed = useSessionHasSecondFactor();
  useEffect(() => setOn(saved), [saved]);
  const save = useAction(
    (body: object) => send('PATCH', `/projects/${projectId}`, body),
    [keys.project(projectId), keys.projects, keys.me, keys.audit(projectId)],
  );
  const without = (members.data ?? []).filter((m) => m.mfa_enabled === false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await save.mutateAsync({ require_mfa: on });
      ui.toast('success', on ? t('project.mfa.required') : t('project.mfa.notRequired'));
    } catch (err) {
      setError(
        err instanceof ApiError && err.code === 'mfa_required'
          ? t('project.mfa.signInFirst')
          : (err as Error).message,
      );
    }
  };
  const blocked = on && !saved && sessionPassed === false;
  return (
    <form className="surface-card panel" onSubmit={submit} aria-labelledby="require-mfa-title">
      <h2 id="require-mfa-title">{t('project.mfa.title')}</h2>
      <p className="muted">{t('project.mfa.text')}</p>
      <div className="checkbox-row">
        <Checkbox
          inputId="require-mfa"
          checked={on}
          disabled={!canEdit}
          aria-describedby="require-mfa-help"
          onChange={(e) => setOn(Boolean(e.checked))}
        />
        <label htmlFor="require-mfa">{t('project.mfa.require')}</label>
      </div>
      <div id="require-mfa-help">
        {blocked && (
          <p className="p-error">
            {rich('project.mfa.blocked', {
              link: (chunks: ReactNode) => (
                <Link to={`/u/settings/security?then=${encodeURIComponent(`/p/${projectId}/settings`)}`}>
                  {chunks}
                </Link>
              ),
            })}
          </p>
        )}
        {on && without.length > 0 && (
          <p className="muted">
            {t('project.mfa.without', {
              count: without.length,
              names:
                without
                  .slice(0, 3)
                  .map((m) => m.display_name ?? m.email)
                  .join(', ') + (without.length > 3 ? ', …' : ''),
            })}
          </p>
        )}
        {error && (
          <p className="p-error" role="alert">
            {error}
          </p>
        )}
      </div>
      {canEdit && (
        <Button
          type="submit"
          label={t('project.mfa.save')}
          loading={save.isPending}
          disabled={on === saved || blocked}
        />
      )}
    </form>
  );
}
