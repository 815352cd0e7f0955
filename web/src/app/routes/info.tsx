import { useDocumentTitle } from '../../lib/use-document-title';
import { Link, useLocation } from 'react-router';
import { INFO_CONTENT } from './info-content';
import type { InfoPage } from './info-content';
import NotFoundRoute from './not-found';

export default function InfoRoute() {
  const { pathname } = useLocation();
  const page: InfoPage | undefined = (INFO_CONTENT as Record<string, InfoPage>)[pathname.replace(/\/$/, '')];
  useDocumentTitle(page?.title ?? 'Page not found');
  if (!page) return <NotFoundRoute />;
  return (
    <article className="container info-page">
      <h1>{page.title}</h1>
      <p className="lead">{page.intro}</p>
      {page.sections.map((s) => (
        <section key={s.heading}>
          <h2>{s.heading}</h2>
          <p>{s.body}</p>
        </section>
      ))}
      {page.links && (
        <ul className="link-list">
          {page.links.map((l) => (
            <li key={l.to}>
              <Link to={l.to}>{l.label}</Link>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
