import { CategoryPage } from './category-page';

export default function KeychainsRoute() {
  return <CategoryPage category="keychains" carousel="keychains" title="Keychains" emptyTitle="No keychains found" />;
}
