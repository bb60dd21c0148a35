import { useAuth } from '../../auth/auth-context';
import { runtimeConfig } from '../../config/runtime-config';
import { useT } from '../../lib/i18n/console-intl';
import { useFormatDate } from '../../theme/display-time-zone';

/** The ways this account signs in, and when it was made and last used. */
export function LinkedProviders() {
  const formatDate = useFormatDate();
  const { user } = useAuth();
  const { t } = useT();
  const names: Record<string, string> = { password: t('account.providers.password') };
  for (const p of runtimeConfig().auth.federated_providers) names[p.id] = p.display_name;
  return (
    <section className="surface-card panel p-fluid" aria-labelledby="providers-title">
      <h2 id="providers-title">{t('account.providers.title')}</h2>
      <ul className="plain-list">
        {user?.providerData.map((p) => (
          <li key={`${p.providerId}-${p.uid}`}>
            <i
              className={`pi ${p.providerId === 'password' ? 'pi-lock' : 'pi-id-card'}`}
              aria-hidden="true"
            />{' '}
            {names[p.providerId] ?? p.providerId}{' '}
            {p.email ? <span className="muted">({p.email})</span> : null}
          </li>
        ))}
      </ul>
      <p className="muted">
        {t('account.providers.since', {
          created: formatDate(user?.metadata.creationTime),
          last: formatDate(user?.metadata.lastSignInTime),
        })}
      </p>
    </section>
  );
}
