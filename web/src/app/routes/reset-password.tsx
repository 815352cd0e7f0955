import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useToast } from '@kit/ui/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuthForm } from '../../lib/auth/use-auth-form';
import { FormError } from '../../components/ui/form-error';
import { resetPassword } from '../../features/user/api/account-links';

/** The browser's checks before the reset: the signup rule and words (the server also refuses common passwords). */
export function validateReset(form: { password: string; confirmPassword: string }): string | null {
  if (!form.password || !form.confirmPassword) return 'Please fill in all fields';
  if (form.password.length < 6) return 'Password must be at least 6 characters long';
  if (form.password !== form.confirmPassword) return 'Passwords do not match';
  return null;
}

/** Opened from the mailed link (`?token=…`): choose a new password, then sign in with it. */
export default function ResetPasswordRoute() {
  useDocumentTitle('Reset Password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { toast } = useToast();
  const navigate = useNavigate();
  const [form, setForm] = useState({ password: '', confirmPassword: '' });
  const { error, busy, onSubmit } = useAuthForm({
    title: 'Password Reset Failed',
    describe: (err) => (err instanceof Error && err.message ? err.message : 'An error occurred, please try again'),
  });

  const submit = onSubmit(
    () => validateReset(form),
    async () => {
      await resetPassword({ token, password: form.password });
      toast({ title: 'Password changed', description: 'Sign in with your new password.', variant: 'success' });
      navigate('/login');
    },
  );

  return (
    <div className="container auth-page">
      <form className="card auth-card" onSubmit={submit} noValidate>
        <h1>Choose a new password</h1>
        <p className="muted">You will be signed out everywhere and can sign in with the new password.</p>
        <FormError message={error} />
        <label className="field">
          <span className="field__label">New password</span>
          <input
            type="password"
            name="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
          />
        </label>
        <label className="field">
          <span className="field__label">Confirm new password</span>
          <input
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            value={form.confirmPassword}
            onChange={(e) => setForm({ ...form, confirmPassword: e.target.value })}
          />
        </label>
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? 'Saving…' : 'Reset password'}
        </button>
        <p className="muted small">
          <Link to="/forgot-password" className="link">
            Send a new link
          </Link>
        </p>
      </form>
    </div>
  );
}
