import { Link } from 'react-router';
import { pageNumbers } from '../pagination';

interface PaginationProps {
  page: number;
  totalPages: number;
  /** The URL of a page (real links: open in a new tab, share, crawl). */
  hrefOf(page: number): string;
  onNavigate?(): void;
}

/** Numbered pages under a listing; each is a link to the same URL with `page=N`. */
export function Pagination({ page, totalPages, hrefOf, onNavigate }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pages">
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} className="pagination__step" rel="prev" onClick={onNavigate}>
          ‹ Previous
        </Link>
      ) : (
        <span className="pagination__step" aria-disabled="true">
          ‹ Previous
        </span>
      )}
      <ol className="pagination__pages">
        {pageNumbers(page, totalPages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span className="pagination__page" aria-current="page" aria-label={`Page ${n}`}>
                  {n}
                </span>
              ) : (
                <Link to={hrefOf(n)} className="pagination__page" aria-label={`Page ${n}`} onClick={onNavigate}>
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {page < totalPages ? (
        <Link to={hrefOf(page + 1)} className="pagination__step" rel="next" onClick={onNavigate}>
          Next ›
        </Link>
      ) : (
        <span className="pagination__step" aria-disabled="true">
          Next ›
        </span>
      )}
    </nav>
  );
}
