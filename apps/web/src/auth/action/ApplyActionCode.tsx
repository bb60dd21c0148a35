import { applyActionCode, checkActionCode } from 'firebase/auth';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { type T, useT } from '../../lib/i18n/console-intl';
import type { MessageId } from '../../messages/keys';
import { auth } from '../firebase';
import { ActionFailure } from './ActionFailure';
import { ActionFrame } from './ActionFrame';
import { ActionPending } from './ActionPending';
import type { ActionProps, Mode } from './action-link';

const APPLY_TEXT: Record<
  Exclude<Mode, 'resetPassword' | 'signIn'>,
  { title: MessageId; done: (t: T, email?: string | null) => string }
> = {
  verifyEmail: { title: 'auth.action.verifyEmail', done: (t) => t('auth.action.verified') },
  verifyAndChangeEmail: {
    title: 'auth.action.changeEmail',
    done: (t, email) =>
      email ? t('auth.action.emailChanged', { email }) : t('auth.action.emailChangedUnknown'),
  },
  recoverEmail: {
    title: 'auth.action.recoverEmail',
    done: (t, email) =>
      email ? t('auth.action.emailRestored', { email }) : t('auth.action.emailRestoredUnknown'),
  },
};

/** The modes that apply the code and say what changed: verify, change or restore the email. */
export function ApplyActionCode({
  oobCode,
  continuePath,
  mode,
}: ActionProps & { mode: keyof typeof APPLY_TEXT }) {
  const { t } = useT();
  const [result, setResult] = useState<{ email?: string | null } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    (async () => {
      const info = await checkActionCode(auth(), oobCode);
      await applyActionCode(auth(), oobCode);
      await auth()
        .currentUser?.reload()
        .catch(() => undefined);
      setResult({ email: info.data.email });
    })().catch(setFailure);
  }, [oobCode]);
  const title = t(APPLY_TEXT[mode].title);
  if (failure)
    return (
      <ActionFrame title={title}>
        <ActionFailure error={failure} />
      </ActionFrame>
    );
  if (!result) return <ActionPending title={title} />;
  return (
    <ActionFrame title={title}>
      <Message severity="success" text={APPLY_TEXT[mode].done(t, result.email)} className="auth-message" />
      <Link to={continuePath ?? '/u/dashboard'}>{t('auth.action.continue')}</Link>
    </ActionFrame>
  );
}
