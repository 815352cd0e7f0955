import { useState } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuthForm } from '../../lib/auth/use-auth-form';
import { FormError } from '../../components/ui/form-error';
import { forgotPassword } from '../../features/user/api/account-links';

/** Asks for a reset link; the answer is the same whether or not an account holds the address. */
export default function ForgotPasswordRoute() {
  useDocumentTitle('Forgot Password');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const { error, busy, onSubmit } = useAuthForm({
    title: 'Could not send the link',
    describe: (err) => (err instanceof Error && err.message ? err.message : 'An error occurred, please try again'),
  });

  const submit = onSubmit(
    () => (!email.trim() ? 'Please enter your email address' : null),
    async () => {
      const answer = await forgotPassword(email.trim());
      setSent(answer.message ?? '');
    },
  );

  return (
    <div className="container auth-page">
      <form className="card auth-card" onSubmit={submit} noValidate>
        <h1>Forgot password</h1>
        {sent !== null ? (
          <p role="status">{sent}</p>
        ) : (
          <>
            <p className="muted">Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
            <FormError message={error} />
            <label className="field">
              <span className="field__label">Email</span>
              <input type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            </label>
            <button type="submit" className="button button--primary button--block" disabled={busy}>
              {busy ? 'Sending…' : 'Send reset link'}
            </button>
          </>
        )}
        <p className="muted small">
          <Link to="/login" className="link">
            Back to Sign In
          </Link>
        </p>
      </form>
    </div>
  );
}
