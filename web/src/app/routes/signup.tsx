import { useDocumentTitle } from '../../lib/use-document-title';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useToast } from '@kit/ui/toast';
import { useAuth } from '../../lib/auth/auth-provider';
import { useAuthForm } from '../../lib/auth/use-auth-form';
import { SIGNUP_STATES } from '../../lib/constants';
import { FormError } from '../../components/ui/form-error';
import { LocationFields } from '../../features/user/components/location-fields';

const EMPTY = { fullName: '', email: '', password: '', confirmPassword: '', phone: '', address: '', pincode: '', city: '', state: '' };

/** The browser's checks, in the spec's order and words. */
export function validateSignup(form: typeof EMPTY): string | null {
  if (!form.fullName.trim() || !form.email.trim() || !form.password || !form.confirmPassword) return 'Please fill in all required fields';
  if (form.password !== form.confirmPassword) return 'Passwords do not match';
  if (form.password.length < 6) return 'Password must be at least 6 characters long';
  if (!form.pincode.trim() || !form.city.trim() || !form.state.trim()) return 'Please provide your location details';
  return null;
}

export default function SignupRoute() {
  useDocumentTitle('Create Account');
  const { signUp } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY);
  const { error, busy, onSubmit } = useAuthForm({
    title: 'Sign Up Failed',
    describe: (err) => (err instanceof Error ? err.message || 'Failed to create account' : 'An unexpected error occurred'),
  });
  const set = (key: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = onSubmit(
    () => validateSignup(form),
    async () => {
      await signUp({
        full_name: form.fullName.trim(),
        email: form.email.trim(),
        password: form.password,
        phone: form.phone.trim() || '',
        address: form.address.trim() || '',
        pincode: form.pincode.trim(),
        city: form.city.trim(),
        state: form.state,
      });
      toast({ title: 'Account created successfully!', description: `Welcome to Anime Collectibles, ${form.fullName.trim()}!`, variant: 'success' });
      navigate('/');
    },
  );

  return (
    <div className="container auth-page">
      <form className="card auth-card auth-card--wide" onSubmit={submit} noValidate>
        <h1>Create Account</h1>
        <p className="muted">Join to check out, track orders and keep your wishlist everywhere.</p>
        <FormError message={error} />
        <div className="form-grid">
          <label className="field">
            <span className="field__label">Full name *</span>
            <input name="fullName" autoComplete="name" value={form.fullName} onChange={set('fullName')} />
          </label>
          <label className="field">
            <span className="field__label">Email *</span>
            <input type="email" name="email" autoComplete="email" value={form.email} onChange={set('email')} />
          </label>
          <label className="field">
            <span className="field__label">Password *</span>
            <input type="password" name="password" autoComplete="new-password" value={form.password} onChange={set('password')} />
          </label>
          <label className="field">
            <span className="field__label">Confirm password *</span>
            <input type="password" name="confirmPassword" autoComplete="new-password" value={form.confirmPassword} onChange={set('confirmPassword')} />
          </label>
          <LocationFields pincode={form.pincode} city={form.city} state={form.state} onChange={set} states={SIGNUP_STATES} />
          <label className="field">
            <span className="field__label">Phone (optional)</span>
            <input name="phone" type="tel" autoComplete="tel" value={form.phone} onChange={set('phone')} />
          </label>
          <label className="field form-grid__wide">
            <span className="field__label">Address (optional)</span>
            <textarea name="address" rows={2} autoComplete="street-address" value={form.address} onChange={set('address')} />
          </label>
        </div>
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? 'Creating account…' : 'Create Account'}
        </button>
        <p className="muted small">
          Already have an account?{' '}
          <Link to="/login" className="link">
            Sign in
          </Link>
        </p>
      </form>
    </div>
  );
}
