import { type FormEvent, useState } from 'react';
import { useT } from '../lib/i18n/console-intl';
import { type Device, pair } from './device';
import { errorText } from './error-text';

/** The one-time pairing: an admin creates a code in the console, this browser trades it for a device token. */
export function PairScreen(props: {
  initialCode: string;
  notice: string | null;
  onPaired: (d: Device) => void;
}) {
  const [code, setCode] = useState(props.initialCode.toUpperCase());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { t, rich } = useT();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      props.onPaired(await pair(code));
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="term-panel term-pair" onSubmit={submit}>
      <h1>{t('terminal.pair.title')}</h1>
      <p className="term-muted">{rich('terminal.pair.help', { b: (chunks) => <strong>{chunks}</strong> })}</p>
      {props.notice && (
        <p className="term-notice" role="status">
          {props.notice}
        </p>
      )}
      <label htmlFor="pairing-code">{t('terminal.pair.code')}</label>
      <input
        id="pairing-code"
        className="term-code-input"
        value={code}
        onChange={(e) =>
          setCode(
            e.target.value
              .toUpperCase()
              .replace(/[^A-Z0-9]/g, '')
              .slice(0, 8),
          )
        }
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="XXXXXXXX"
        aria-invalid={Boolean(error)}
        aria-describedby={error ? 'pairing-error' : undefined}
      />
      {error && (
        <p id="pairing-error" className="term-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="term-primary" disabled={busy || code.length < 8}>
        {busy ? t('terminal.pair.busy') : t('terminal.pair.submit')}
      </button>
    </form>
  );
}
