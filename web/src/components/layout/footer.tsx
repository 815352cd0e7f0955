import { Link } from 'react-router';

export function Footer() {
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <div>
          <p className="brand brand--footer">
            <span className="brand__mark" aria-hidden="true">
              AC
            </span>{' '}
            Anime Collectibles
          </p>
          <p className="muted">Authentic anime figures and keychains for collectors across India.</p>
        </div>
        <div>
          <h2 className="footer__title">Shop</h2>
          <ul>
            <li>
              <Link to="/anime-figures">Anime Figures</Link>
            </li>
            <li>
              <Link to="/keychains">Keychains</Link>
            </li>
            <li>
              <span className="soon">
                Hot Wheels <em>coming soon</em>
              </span>
            </li>
            <li>
              <span className="soon">
                Trending <em>coming soon</em>
              </span>
            </li>
            <li>
              <Link to="/gift-vouchers">Gift Vouchers</Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="footer__title">Help</h2>
          <ul>
            <li>
              <Link to="/help">Help &amp; Support</Link>
            </li>
            <li>
              <Link to="/contact">Contact Us</Link>
            </li>
            <li>
              <Link to="/returns">Returns</Link>
            </li>
            <li>
              <Link to="/faq">FAQ</Link>
            </li>
            <li>
              <Link to="/account">Your Account</Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="footer__title">Company</h2>
          <ul>
            <li>
              <Link to="/about">About Us</Link>
            </li>
            <li>
              <Link to="/careers">Careers</Link>
            </li>
            <li>
              <Link to="/community">Community</Link>
            </li>
            <li>
              <Link to="/blog">Blog</Link>
            </li>
            <li>
              <Link to="/newsletter">Newsletter</Link>
            </li>
            <li>
              <Link to="/stores">Our Stores</Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="footer__title">We accept</h2>
          <p>Cash on Delivery · UPI &amp; mobile wallets (Paytm, PhonePe, Google Pay) · Cards · Netbanking</p>
          <h2 className="footer__title">Shipping partners</h2>
          <p>Delhivery · Blue Dart</p>
        </div>
      </div>
      <div className="container footer__legal">
        <span>© {new Date().getFullYear()} Anime Collectibles</span>
        <Link to="/terms">Terms</Link>
        <Link to="/privacy">Privacy</Link>
        <Link to="/sitemap">Sitemap</Link>
      </div>
    </footer>
  );
}
