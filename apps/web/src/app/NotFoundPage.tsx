import { Link } from 'react-router';

export default function NotFoundPage() {
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
