import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fetchMe } from '../../api/clients';
import { takeDestination } from '../../auth/redirect';
import { PageHeader } from '../../ui/PageHeader';

export default function UserDashboardPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const invitation = params.get('invitation');
  // Seed §2: the dashboard also honours a remembered destination.
  useEffect(() => {
    const destination = takeDestination();
    if (destination && destination !== '/u/dashboard') navigate(destination, { replace: true });
  }, [navigate]);
  const me = useQuery({ queryKey: ['me'], queryFn: ({ signal }) => fetchMe(signal) });
  const name = me.data?.user.display_name || me.data?.user.email;
  return (
    <>
      <PageHeader
        title={me.isPending ? 'Dashboard' : `Welcome${name ? `, ${name}` : ''}`}
        subtitle="Your businesses, projects and invitations in one place."
      />
      {me.isError && (
        <Message severity="error" text={`Your account could not be loaded: ${me.error.message}`} />
      )}
      {invitation && (
        <Message
          severity="info"
          className="mb-3"
          text="You opened a project invitation. Invitations are accepted here once team management is enabled on this server."
        />
      )}
      <section className="card-grid" aria-label="Getting started">
        <article className="surface-card step-card">
          <span className="step-number">1</span>
          <h2>Add your business</h2>
          <p>The legal entity that takes the payments, with its currency and payment provider.</p>
          <Link to="/u/businesses">
            <Button label="Businesses" icon="pi pi-building" outlined size="small" />
          </Link>
        </article>
        <article className="surface-card step-card">
          <span className="step-number">2</span>
          <h2>Create a project</h2>
          <p>A workspace for one shop or brand: its terminals, transactions, team, API keys and webhooks.</p>
          <Link to="/p">
            <Button label="Projects" icon="pi pi-folder" outlined size="small" />
          </Link>
        </article>
        <article className="surface-card step-card">
          <span className="step-number">3</span>
          <h2>Pair a terminal</h2>
          <p>Connect a card terminal, or use a virtual one to try the whole payment flow in your browser.</p>
        </article>
      </section>
      <section className="surface-card account-summary" aria-label="Your account">
        <h2>Your account</h2>
        {me.isPending ? (
          <Skeleton width="60%" height="1.25rem" />
        ) : me.data ? (
          <dl className="facts">
            <dt>Email</dt>
            <dd>
              {me.data.user.email} {me.data.user.email_verified ? '(verified)' : '(not verified yet)'}
            </dd>
            <dt>Signed in with</dt>
            <dd>
              {me.data.user.sign_in_provider === 'password'
                ? 'Email and password'
                : me.data.user.sign_in_provider}
            </dd>
          </dl>
        ) : null}
      </section>
    </>
  );
}
