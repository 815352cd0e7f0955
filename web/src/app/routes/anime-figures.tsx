import { FIGURE_PRICE_RANGES } from '../../features/products/filters';
import { CategoryPage } from './category-page';

export default function AnimeFiguresRoute() {
  return <CategoryPage category="Anime Figures" carousel="anime-figures" title="Anime Figures" ranges={FIGURE_PRICE_RANGES} emptyTitle="No figures found" />;
}
