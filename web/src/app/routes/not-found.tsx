import { useDocumentTitle } from '../../lib/use-document-title';
import { Link } from 'react-router';

export default function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <div className="container status-page">
      <p className="status-page__code">404</p>
      <h1>Oops! Page not found</h1>
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="button button--primary">
        Return to Home
      </Link>
    </div>
  );
}
