import { CategoryPage, prefetchCategoryPage } from './category-page';

export const prefetch = prefetchCategoryPage('anime-figures', 'anime-figures');

export default function AnimeFiguresRoute() {
  return <CategoryPage category="anime-figures" carousel="anime-figures" title="Anime Figures" emptyTitle="No figures found" />;
}
