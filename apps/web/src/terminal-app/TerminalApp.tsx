import { useCallback, useEffect, useState } from 'react';
import { type Device, forgetDevice, heartbeat, isUnauthorized, loadDevice, saveDevice } from './device';
import { Keypad } from './Keypad';
import { PairScreen } from './PairScreen';
import { PaymentScreen } from './PaymentScreen';
import { toggleTheme } from './theme';

const HEARTBEAT_MS = 30_000;

/** Pair → keypad → QR code and live status → result → keypad again. */
export function TerminalApp() {
  const initialCode = new URLSearchParams(window.location.search).get('code') ?? '';
  const [device, setDevice] = useState<Device | null>(() => (initialCode ? null : loadDevice()));
  const [notice, setNotice] = useState<string | null>(null);
  const [payment, setPayment] = useState<{ id: string; key: string } | null>(null);
  const [online, setOnline] = useState(true);

  const unpaired = useCallback((message: string) => {
    forgetDevice();
    setDevice(null);
    setPayment(null);
    setNotice(message);
  }, []);
  const onRevoked = useCallback(
    () =>
      unpaired('This terminal was disabled or unpaired in the console. Ask an admin for a new pairing code.'),
    [unpaired],
  );

  // Heartbeats keep the terminal `online` in the console (offline after 2 minutes without).
  useEffect(() => {
    if (!device) return;
    const beat = () =>
      heartbeat(device).then(
        (terminal) => {
          setOnline(true);
          // The console may have renamed the terminal: show its current label.
          if (terminal && terminal.label !== device.terminal.label) {
            const updated = { ...device, terminal };
            saveDevice(updated);
            setDevice(updated);
          }
        },
        (e) => (isUnauthorized(e) ? onRevoked() : setOnline(false)),
      );
    void beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [device, onRevoked]);

  return (
    <div className="term">
      <header className="term-bar">
        <span className="term-brand">
          <span className="term-brand-mark" aria-hidden="true">
            ▣
          </span>{' '}
          <span className="term-brand-text">Scanline Terminal</span>
        </span>
        {device && (
          <span className="term-device" data-testid="terminal-label">
            <span className={`term-dot ${online ? 'term-dot-on' : ''}`} aria-hidden="true" />
            <span className="term-device-label">{device.terminal.label}</span>
            <span className="sr-only">{online ? ' (online)' : ' (offline)'}</span>
          </span>
        )}
        <span className="term-spacer" />
        <button
          type="button"
          className="term-icon-button"
          onClick={() => toggleTheme()}
          aria-label="Switch light or dark"
        >
          ◐
        </button>
        {device && !payment && (
          <button
            type="button"
            className="term-link"
            onClick={() => {
              if (
                window.confirm('Unpair this browser? You will need a new pairing code to take payments here.')
              )
                unpaired('This browser is no longer paired.');
            }}
          >
            Unpair
          </button>
        )}
      </header>
      <main className="term-main">
        {!device ? (
          <PairScreen
            initialCode={initialCode}
            notice={notice}
            onPaired={(d) => {
              saveDevice(d);
              setNotice(null);
              setDevice(d);
              // The code is single use: keep it out of the address bar and history.
              window.history.replaceState(null, '', '/terminal');
            }}
          />
        ) : payment ? (
          <PaymentScreen
            key={payment.id}
            device={device}
            transactionId={payment.id}
            onDone={() => setPayment(null)}
            onRevoked={onRevoked}
          />
        ) : (
          <Keypad device={device} onCreated={(id, key) => setPayment({ id, key })} onRevoked={onRevoked} />
        )}
      </main>
    </div>
  );
}
