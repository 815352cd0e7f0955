import { useDocumentTitle } from '../../lib/use-document-title';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useToast } from '@kit/ui/toast';
import { useAuth } from '../../lib/auth/auth-provider';
import { useAuthForm } from '../../lib/auth/use-auth-form';
import { FormError } from '../../components/ui/form-error';

export default function LoginRoute() {
  useDocumentTitle('Sign In');
  const { signIn } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { error, busy, onSubmit } = useAuthForm({
    title: 'Sign In Failed',
    describe: (err) => (err instanceof Error && err.message ? err.message : 'An error occurred during sign in'),
  });

  const submit = onSubmit(
    () => (!email.trim() || !password ? 'Please fill in all fields' : null),
    async () => {
      const user = await signIn({ email: email.trim(), password });
      toast({ title: 'Welcome back!', description: 'You have successfully signed in.', variant: 'success' });
      if (user.isAdmin) window.location.assign('/admin');
      else navigate('/');
    },
  );

  return (
    <div className="container auth-page">
      <form className="card auth-card" onSubmit={submit} noValidate>
        <h1>Sign In</h1>
        <p className="muted">Welcome back, collector.</p>
        <FormError message={error} />
        <label className="field">
          <span className="field__label">Email</span>
          <input type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">Password</span>
          <input type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <Link to="/forgot-password" className="link small">
          Forgot password?
        </Link>
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign In'}
        </button>
        <p className="muted small">
          New here?{' '}
          <Link to="/signup" className="link">
            Create an account
          </Link>
        </p>
      </form>
    </div>
  );
}
