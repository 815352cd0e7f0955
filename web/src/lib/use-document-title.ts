import { useEffect } from 'react';

/** Each page names itself in the tab and for screen readers. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Anime Collectibles` : 'Anime Collectibles — anime figures and keychains';
  }, [title]);
}
