import * as Menu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/auth-provider';
import { MenuIcon } from '../ui/icons';
import { useToast } from '@kit/ui/toast';

type Link = readonly [to: string, label: string];
const BROWSE: Link[] = [
  ['/', 'Home'],
  ['/anime-figures', 'Anime Figures'],
  ['/keychains', 'Keychains'],
  ['/products', 'All Products'],
];
const SIGNED_IN: Link[] = [
  ['/profile', 'Profile'],
  ['/orders', 'Orders'],
  ['/wishlist', 'Wishlist'],
];
const SIGNED_OUT: Link[] = [
  ['/login', 'Sign In'],
  ['/signup', 'Sign Up'],
];
/** The dashboard is another app: its links load a new page. */
const ADMIN: Link[] = [
  ['/admin', 'Dashboard'],
  ['/admin/products', 'Products'],
  ['/admin/orders', 'Orders'],
  ['/admin/users', 'Users'],
];

/** One menu item a link, in the order given. */
function MenuLinks({ links, open }: { links: Link[]; open: (to: string) => void }) {
  return links.map(([to, label]) => (
    <Menu.Item key={to} className="menu__item" onSelect={() => open(to)}>
      {label}
    </Menu.Item>
  ));
}
const openOtherApp = (to: string) => window.location.assign(to);

export function MainMenu() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const go = (to: string) => () => navigate(to);
  return (
    <Menu.Root>
      <Menu.Trigger className="icon-button" aria-label="Open menu">
        <MenuIcon />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="menu" sideOffset={8} align="start">
          <Menu.Label className="menu__label">Navigation</Menu.Label>
          <MenuLinks links={BROWSE} open={navigate} />
          <Menu.Separator className="menu__separator" />
          <Menu.Label className="menu__label">Account</Menu.Label>
          <MenuLinks links={user ? SIGNED_IN : SIGNED_OUT} open={navigate} />
          {user?.isAdmin && (
            <>
              <Menu.Separator className="menu__separator" />
              <Menu.Label className="menu__label">Admin</Menu.Label>
              <MenuLinks links={ADMIN} open={openOtherApp} />
            </>
          )}
          <Menu.Separator className="menu__separator" />
          <Menu.Item className="menu__item" onSelect={go('/help')}>
            Help &amp; Support
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

export function AccountMenu() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const { toast } = useToast();
  if (!user) return null;
  return (
    <Menu.Root>
      <Menu.Trigger className="icon-button account-trigger" aria-label="Account menu">
        <span className="avatar" aria-hidden="true">
          {(user.full_name || user.email).slice(0, 1).toUpperCase()}
        </span>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="menu" sideOffset={8} align="end">
          <div className="menu__account">
            <strong>{user.full_name}</strong>
            <span>{user.email}</span>
          </div>
          <Menu.Separator className="menu__separator" />
          <MenuLinks links={SIGNED_IN} open={navigate} />
          {user.isAdmin && (
            <Menu.Item className="menu__item" onSelect={() => openOtherApp('/admin')}>
              Admin Dashboard
            </Menu.Item>
          )}
          <Menu.Separator className="menu__separator" />
          <Menu.Item
            className="menu__item"
            onSelect={() => {
              void signOut().then(() => {
                toast({ title: 'Signed out successfully', description: 'You have been signed out.' });
                navigate('/');
              });
            }}
          >
            Sign out
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
