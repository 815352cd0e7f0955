import { CategoryPage, prefetchCategoryPage } from './category-page';

export const prefetch = prefetchCategoryPage('keychains', 'keychains');

export default function KeychainsRoute() {
  return <CategoryPage category="keychains" carousel="keychains" title="Keychains" emptyTitle="No keychains found" />;
}
