import { applyActionCode, checkActionCode } from 'firebase/auth';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { auth } from '../firebase';
import { ActionFailure } from './ActionFailure';
import { ActionFrame } from './ActionFrame';
import { ActionPending } from './ActionPending';
import type { ActionProps, Mode } from './action-link';

const APPLY_TEXT: Record<
  Exclude<Mode, 'resetPassword' | 'signIn'>,
  { title: string; done: (email?: string | null) => string }
> = {
  verifyEmail: { title: 'Verify your email', done: () => 'Your email address is verified. Thank you!' },
  verifyAndChangeEmail: {
    title: 'Confirm your new email',
    done: (email) => `Your account's email is now ${email ?? 'changed'}. Sign in again with it.`,
  },
  recoverEmail: {
    title: 'Restore your email',
    done: (email) => `Your account's email is back to ${email ?? 'what it was'}.`,
  },
};

/** The modes that apply the code and say what changed: verify, change or restore the email. */
export function ApplyActionCode({
  oobCode,
  continuePath,
  mode,
}: ActionProps & { mode: keyof typeof APPLY_TEXT }) {
  const [result, setResult] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    (async () => {
      const info = await checkActionCode(auth(), oobCode);
      await applyActionCode(auth(), oobCode);
      await auth()
        .currentUser?.reload()
        .catch(() => undefined);
      setResult(APPLY_TEXT[mode].done(info.data.email));
    })().catch(setFailure);
  }, [oobCode, mode]);
  const text = APPLY_TEXT[mode];
  if (failure)
    return (
      <ActionFrame title={text.title}>
        <ActionFailure error={failure} />
      </ActionFrame>
    );
  if (!result) return <ActionPending title={text.title} />;
  return (
    <ActionFrame title={text.title}>
      <Message severity="success" text={result} className="auth-message" />
      <Link to={continuePath ?? '/u/dashboard'}>Continue to Scanline</Link>
    </ActionFrame>
  );
}
