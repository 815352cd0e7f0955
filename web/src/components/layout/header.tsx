import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth/auth-provider';
import { useCart } from '../../lib/cart/cart-provider';
import { useWishlist } from '../../lib/wishlist/wishlist-provider';
import { CartIcon, HeartIcon, MenuIcon, UserIcon } from '../ui/icons';
import { SearchBox } from './search-box';

// The menus and the address dialog (Radix + floating-ui) load just after the first paint, off the critical path.
const MainMenu = lazy(() => import('./header-menus').then((m) => ({ default: m.MainMenu })));
const AccountMenu = lazy(() => import('./header-menus').then((m) => ({ default: m.AccountMenu })));
const DeliverTo = lazy(() => import('./deliver-to').then((m) => ({ default: m.DeliverTo })));

const MenuPlaceholder = () => (
  <button type="button" className="icon-button" aria-label="Open menu" disabled>
    <MenuIcon />
  </button>
);

function AccountEntry() {
  const { user } = useAuth();
  if (!user) {
    return (
      // The text is hidden on phones (the icon stays): the label keeps the link's name.
      <Link to="/login" className="header__signin" aria-label="Sign In">
        <UserIcon />
        <span>Sign In</span>
      </Link>
    );
  }
  return (
    <Suspense
      fallback={
        <span className="icon-button" aria-hidden="true">
          <span className="avatar">{(user.full_name || user.email).slice(0, 1).toUpperCase()}</span>
        </span>
      }
    >
      <AccountMenu />
    </Suspense>
  );
}

export function Header() {
  const { user } = useAuth();
  const { count } = useCart();
  const { items } = useWishlist();
  return (
    <header className="header">
      <div className="header__bar container">
        <Suspense fallback={<MenuPlaceholder />}>
          <MainMenu />
        </Suspense>
        <Link to="/" className="brand" aria-label="Anime Collectibles home">
          <span className="brand__mark" aria-hidden="true">
            AC
          </span>
          <span className="brand__name">Anime Collectibles</span>
        </Link>
        <div className="header__search">
          <SearchBox />
        </div>
        {user && (
          <Suspense fallback={<span className="deliver-to" aria-hidden="true" />}>
            <DeliverTo />
          </Suspense>
        )}
        <nav className="header__icons" aria-label="Your items">
          <Link to="/wishlist" className="icon-button badge-host" aria-label={`Wishlist, ${items.length} items`}>
            <HeartIcon />
            {items.length > 0 && (
              <span className="badge" data-testid="wishlist-count">
                {items.length}
              </span>
            )}
          </Link>
          <Link to="/cart" className="icon-button badge-host" aria-label={`Cart, ${count} items`}>
            <CartIcon />
            {count > 0 && (
              <span className="badge" data-testid="cart-count">
                {count}
              </span>
            )}
          </Link>
          <AccountEntry />
        </nav>
      </div>
    </header>
  );
}
