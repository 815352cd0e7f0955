import { useState, type FormEvent } from 'react';
import { useToast } from '@kit/ui/toast';
import { formatDate } from '@kit/format';
import { useAuth } from '../../../lib/auth/auth-provider';
import { normalizeUser, type User } from '../../../lib/auth/types';
import { useUpdateUserProfile } from '../api/update-user-profile';
import { FormActions } from '../../../components/ui/form-actions';
import { EmailVerification } from './email-verification';

export function ProfileDetails({ profile }: { profile: User }) {
  const { user, setUser } = useAuth();
  const { toast } = useToast();
  const update = useUpdateUserProfile();
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState({ name: profile.full_name, email: profile.email, phone: profile.phone ?? '', currentPassword: '' });
  // A token alone cannot move the account to another address: the server asks for the password then.
  const emailChanged = form.email.trim().toLowerCase() !== profile.email.toLowerCase();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      toast({ title: 'Failed to update profile', description: 'No user logged in', variant: 'destructive' });
      return;
    }
    update.mutate(
      { name: form.name.trim(), email: form.email.trim(), phone: form.phone.trim(), ...(emailChanged ? { currentPassword: form.currentPassword } : {}) },
      {
        onSuccess: (data) => {
          if (data?.user) setUser(normalizeUser(data.user));
          toast({ title: 'Profile updated successfully!', description: 'Your profile has been updated.', variant: 'success' });
          setEditing(false);
          setForm((current) => ({ ...current, currentPassword: '' }));
        },
        onError: (error) => toast({ title: 'Failed to update profile', description: error.message, variant: 'destructive' }),
      },
    );
  };

  if (!editing) {
    return (
      <section className="card panel">
        <dl className="facts">
          <div>
            <dt>Full name</dt>
            <dd>{profile.full_name}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>
              {profile.email} <EmailVerification verified={profile.emailVerified === true} />
            </dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>{profile.phone || '—'}</dd>
          </div>
          <div>
            <dt>Location</dt>
            <dd>{[profile.city, profile.state, profile.pincode].filter(Boolean).join(', ') || '—'}</dd>
          </div>
          <div>
            <dt>Member since</dt>
            <dd>{formatDate(profile.created_at)}</dd>
          </div>
        </dl>
        <button type="button" className="button button--outline" onClick={() => setEditing(true)}>
          Edit Profile
        </button>
      </section>
    );
  }
  return (
    <form className="card panel" onSubmit={submit}>
      <div className="form-grid">
        <label className="field">
          <span className="field__label">Full name</span>
          <input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} autoComplete="name" />
        </label>
        <label className="field">
          <span className="field__label">Email</span>
          <input type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} autoComplete="email" />
        </label>
        <label className="field">
          <span className="field__label">Phone</span>
          <input type="tel" value={form.phone} onChange={(e) => setForm({ ...form, phone: e.target.value })} autoComplete="tel" />
        </label>
        {emailChanged && (
          <label className="field">
            <span className="field__label">Current password (needed to change your email)</span>
            <input
              type="password"
              value={form.currentPassword}
              onChange={(e) => setForm({ ...form, currentPassword: e.target.value })}
              autoComplete="current-password"
              required
            />
          </label>
        )}
      </div>
      <FormActions label="Save Changes" pending={update.isPending} onCancel={() => setEditing(false)} />
    </form>
  );
}
