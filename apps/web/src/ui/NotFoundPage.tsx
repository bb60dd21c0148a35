import { Link } from 'react-router';
import { useT } from '../lib/i18n/console-intl';

/** `embedded`: inside the console frame (an API answered 404 for this project or item). */
export default function NotFoundPage({ embedded = false }: { embedded?: boolean }) {
  const { t } = useT();
  if (embedded) {
    return (
      <section className="empty-state surface-card" aria-labelledby="nf-title">
        <i className="pi pi-search" aria-hidden="true" />
        <h2 id="nf-title">{t('common.notFound.title')}</h2>
        <p className="empty-state-text">{t('common.notFound.text')}</p>
        <Link to="/p">{t('common.notFound.back')}</Link>
      </section>
    );
  }
  return (
    <main className="center-page">
      <section className="auth-card surface-card" aria-labelledby="nf-title">
        <h1 id="nf-title">{t('common.pageNotFound.title')}</h1>
        <p>{t('common.pageNotFound.text')}</p>
        <Link to="/u/dashboard">{t('common.pageNotFound.back')}</Link>
      </section>
    </main>
  );
}
