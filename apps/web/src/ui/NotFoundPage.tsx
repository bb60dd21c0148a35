import { Link } from 'react-router';

/** `embedded`: inside the console frame (an API answered 404 for this project or item). */
export default function NotFoundPage({ embedded = false }: { embedded?: boolean }) {
  if (embedded) {
    return (
      <section className="empty-state surface-card" aria-labelledby="nf-title">
        <i className="pi pi-search" aria-hidden="true" />
        <h2 id="nf-title">Not found</h2>
        <p className="empty-state-text">
          It does not exist, or you are not a member of the project it belongs to.
        </p>
        <Link to="/p">Back to your projects</Link>
      </section>
    );
  }
  return (
    <main className="center-page">
      <section className="auth-card surface-card" aria-labelledby="nf-title">
        <h1 id="nf-title">Page not found</h1>
        <p>There is nothing at this address. It may have moved, or the link may be mistyped.</p>
        <Link to="/u/dashboard">Go to your dashboard</Link>
      </section>
    </main>
  );
}
