import { useDocumentTitle } from '../../lib/use-document-title';
import * as Tabs from '@radix-ui/react-tabs';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LazyImage } from '../../components/ui/lazy-image';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '@kit/ui/toast';
import { useAuth } from '../../lib/auth/auth-provider';
import { useSignInRedirect } from '../../lib/auth/use-sign-in-redirect';
import { useUserProfile } from '../../lib/profile/get-user-profile';
import { AddressBook } from '../../features/user/components/address-book';
import { ChangePasswordForm } from '../../features/user/components/change-password-form';
import { ProfileDetails } from '../../features/user/components/profile-details';
import { YourData } from '../../features/user/components/your-data';
import { useWishlist } from '../../lib/wishlist/wishlist-provider';
import { formatINR } from '@kit/format';

const TABS = ['profile', 'addresses', 'wishlist', 'orders'] as const;

export default function ProfileRoute() {
  useDocumentTitle('My Profile');
  const { user } = useAuth();
  const signInRedirect = useSignInRedirect();
  const profile = useUserProfile(user?.id);
  const wishlist = useWishlist();
  const { toast } = useToast();
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t === params.get('tab')) ?? 'profile';

  useEffect(() => {
    if (profile.isError) toast({ title: 'Failed to load profile. Please try again.', variant: 'destructive' });
  }, [profile.isError, toast]);

  if (signInRedirect || !user) return signInRedirect;
  if (profile.isLoading) return <Spinner label="Loading profile…" />;
  if (profile.isError || !profile.data) {
    return (
      <div className="container status-page">
        <h1>Profile Not Found</h1>
        <p className="muted">We could not load your profile.</p>
        <button type="button" className="button button--primary" onClick={() => profile.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  const data = profile.data;
  return (
    <div className="container section">
      <div className="profile-head">
        <span className="avatar avatar--large" aria-hidden="true">
          {(data.user.full_name || data.user.email).slice(0, 1).toUpperCase()}
        </span>
        <div>
          <h1 className="page-title">{data.user.full_name}</h1>
          <p className="muted">{data.user.email}</p>
        </div>
      </div>
      <Tabs.Root value={tab} onValueChange={(value) => setParams(value === 'profile' ? {} : { tab: value }, { replace: true })}>
        <Tabs.List className="tabs" aria-label="Profile sections">
          <Tabs.Trigger value="profile" className="tabs__trigger">
            Profile
          </Tabs.Trigger>
          <Tabs.Trigger value="addresses" className="tabs__trigger">
            Addresses
          </Tabs.Trigger>
          <Tabs.Trigger value="wishlist" className="tabs__trigger">
            Wishlist
          </Tabs.Trigger>
          <Tabs.Trigger value="orders" className="tabs__trigger">
            Orders
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="profile" className="tabs__panel">
          <div className="stack">
            <ProfileDetails profile={data.user} />
            <ChangePasswordForm />
            <YourData />
          </div>
        </Tabs.Content>
        <Tabs.Content value="addresses" className="tabs__panel">
          <AddressBook addresses={data.addresses} />
        </Tabs.Content>
        <Tabs.Content value="wishlist" className="tabs__panel">
          {data.wishlist.length === 0 ? (
            <p className="muted">Your wishlist is empty.</p>
          ) : (
            <ul className="mini-list">
              {data.wishlist.map((w) => (
                <li key={w.productId} className="card mini-item">
                  <LazyImage src={w.image} alt={w.name} width={64} height={64} sizes="64px" />
                  <span>
                    <Link to={`/product/${w.productId}`}>{w.name}</Link>
                    <br />
                    <span className="muted small">{w.category}</span>
                  </span>
                  <span className="price">{formatINR(w.price)}</span>
                  <button type="button" className="button button--ghost button--small" onClick={() => wishlist.remove({ id: w.productId, name: w.name })}>
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Tabs.Content>
        <Tabs.Content value="orders" className="tabs__panel">
          <div className="card panel">
            <p>See every order, its status, tracking and invoice.</p>
            <Link to="/orders" className="button button--primary">
              View My Orders
            </Link>
          </div>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
