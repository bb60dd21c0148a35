import { sendPasswordResetEmail } from 'firebase/auth';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { FormField } from '../ui/FormField';
import { AuthCard } from './AuthCard';
import { authErrorMessage } from './errors';
import { authReady } from './firebase';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await sendPasswordResetEmail(await authReady(), email.trim(), {
        url: `${window.location.origin}/login`,
      });
      // The same answer whether or not an account exists: nobody learns who has one.
      setSent(email.trim());
    } catch (err) {
      setError(authErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard
      title="Reset your password"
      subtitle="We will email you a link to choose a new one."
      footer={<Link to="/login">Back to sign in</Link>}
    >
      {sent ? (
        <Message
          severity="success"
          className="auth-message"
          text={`If an account exists for ${sent}, a reset link is on its way. It works for one hour.`}
        />
      ) : (
        <>
          {error && <Message severity="error" text={error} className="auth-message" role="alert" />}
          <form onSubmit={submit} noValidate className="auth-form p-fluid">
            <FormField id="forgot-email" label="Email">
              <InputText
                id="forgot-email"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                required
                autoFocus
              />
            </FormField>
            <Button type="submit" label="Send reset link" loading={busy} className="w-full" />
          </form>
        </>
      )}
    </AuthCard>
  );
}
