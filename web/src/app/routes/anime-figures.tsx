import { CategoryPage } from './category-page';

export default function AnimeFiguresRoute() {
  return <CategoryPage category="anime-figures" carousel="anime-figures" title="Anime Figures" emptyTitle="No figures found" />;
}
