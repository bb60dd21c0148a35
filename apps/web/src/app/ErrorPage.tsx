import { Button } from 'primereact/button';
import { useSearchParams } from 'react-router';

/** Seed §2: where the console goes when authentication cannot start. Says what failed, offers a retry. */
export default function ErrorPage() {
  const [params] = useSearchParams();
  const reason = params.get('reason');
  return (
    <main className="center-page">
      <section className="auth-card surface-card" aria-labelledby="error-title">
        <i className="pi pi-exclamation-circle error-icon" aria-hidden="true" />
        <h1 id="error-title">Scanline could not start</h1>
        <p>
          {reason ??
            'The console could not reach the sign-in service. The server may be restarting, or your connection may be down.'}
        </p>
        <Button label="Try again" icon="pi pi-refresh" onClick={() => window.location.assign('/login')} />
      </section>
    </main>
  );
}
