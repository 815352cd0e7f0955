import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../../lib/auth/auth-provider';
import { verifyEmail } from '../../features/user/api/account-links';

type Outcome = { state: 'checking' } | { state: 'verified'; message: string } | { state: 'refused'; message: string };

/** Opened from the mailed link (`?token=…`): verifies the address at once, once. */
export default function VerifyEmailRoute() {
  useDocumentTitle('Verify Email');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, setUser } = useAuth();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'checking' });
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    verifyEmail(token)
      .then((answer) => setOutcome({ state: 'verified', message: answer.message ?? 'Your e-mail address is verified.' }))
      .catch((err: unknown) =>
        setOutcome({ state: 'refused', message: err instanceof Error ? err.message : 'This verification link is invalid or has expired.' }),
      );
  }, [token]);

  useEffect(() => {
    if (outcome.state === 'verified' && user && !user.emailVerified) setUser({ ...user, emailVerified: true });
  }, [outcome, user, setUser]);

  return (
    <div className="container auth-page">
      <section className="card auth-card" aria-live="polite">
        <h1>Verify your e-mail</h1>
        {outcome.state === 'checking' ? <p className="muted">Checking your link…</p> : null}
        {outcome.state === 'verified' ? <p role="status">{outcome.message}</p> : null}
        {outcome.state === 'refused' ? (
          <p role="alert" className="form-error">
            {outcome.message} You can send a new link from your profile.
          </p>
        ) : null}
        <p className="muted small">
          <Link to={user ? '/profile' : '/login'} className="link">
            {user ? 'Go to your profile' : 'Sign In'}
          </Link>
        </p>
      </section>
    </div>
  );
}
