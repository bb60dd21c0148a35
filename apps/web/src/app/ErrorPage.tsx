import { Button } from 'primereact/button';
import { useSearchParams } from 'react-router';
import { useT } from '../lib/i18n/console-intl';
import { AUTH_STATE_FAILED } from './use-sign-out-redirect';

/** Seed §2: where the console goes when authentication cannot start. Says what failed, offers a retry. */
export default function ErrorPage() {
  const [params] = useSearchParams();
  const { t } = useT();
  const reason = params.get('reason');
  return (
    <main className="center-page">
      <section className="auth-card surface-card" aria-labelledby="error-title">
        <i className="pi pi-exclamation-circle error-icon" aria-hidden="true" />
        <h1 id="error-title">{t('common.error.title')}</h1>
        <p>
          {reason === AUTH_STATE_FAILED
            ? t('common.error.authState')
            : (reason ?? t('common.error.unreachable'))}
        </p>
        <Button
          label={t('common.tryAgain')}
          icon="pi pi-refresh"
          onClick={() => window.location.assign('/login')}
        />
      </section>
    </main>
  );
}
