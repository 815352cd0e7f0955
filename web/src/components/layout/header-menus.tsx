import * as Menu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/auth-provider';
import { MenuIcon } from '../ui/icons';
import { useToast } from '@kit/ui/toast';

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
          <Menu.Item className="menu__item" onSelect={go('/')}>
            Home
          </Menu.Item>
          <Menu.Item className="menu__item" onSelect={go('/anime-figures')}>
            Anime Figures
          </Menu.Item>
          <Menu.Item className="menu__item" onSelect={go('/keychains')}>
            Keychains
          </Menu.Item>
          <Menu.Item className="menu__item" onSelect={go('/products')}>
            All Products
          </Menu.Item>
          <Menu.Separator className="menu__separator" />
          <Menu.Label className="menu__label">Account</Menu.Label>
          {user ? (
            <>
              <Menu.Item className="menu__item" onSelect={go('/profile')}>
                Profile
              </Menu.Item>
              <Menu.Item className="menu__item" onSelect={go('/orders')}>
                Orders
              </Menu.Item>
              <Menu.Item className="menu__item" onSelect={go('/wishlist')}>
                Wishlist
              </Menu.Item>
            </>
          ) : (
            <>
              <Menu.Item className="menu__item" onSelect={go('/login')}>
                Sign In
              </Menu.Item>
              <Menu.Item className="menu__item" onSelect={go('/signup')}>
                Sign Up
              </Menu.Item>
            </>
          )}
          {user?.isAdmin && (
            <>
              <Menu.Separator className="menu__separator" />
              <Menu.Label className="menu__label">Admin</Menu.Label>
              <Menu.Item className="menu__item" onSelect={() => window.location.assign('/admin')}>
                Dashboard
              </Menu.Item>
              <Menu.Item className="menu__item" onSelect={() => window.location.assign('/admin/products')}>
                Products
              </Menu.Item>
              <Menu.Item className="menu__item" onSelect={() => window.location.assign('/admin/orders')}>
                Orders
              </Menu.Item>
              <Menu.Item className="menu__item" onSelect={() => window.location.assign('/admin/users')}>
                Users
              </Menu.Item>
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
          <Menu.Item className="menu__item" onSelect={() => navigate('/profile')}>
            Profile
          </Menu.Item>
          <Menu.Item className="menu__item" onSelect={() => navigate('/orders')}>
            Orders
          </Menu.Item>
          <Menu.Item className="menu__item" onSelect={() => navigate('/wishlist')}>
            Wishlist
          </Menu.Item>
          {user.isAdmin && (
            <Menu.Item className="menu__item" onSelect={() => window.location.assign('/admin')}>
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
