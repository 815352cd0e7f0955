import { KEYCHAIN_PRICE_RANGES } from '../../features/products/filters';
import { CategoryPage } from './category-page';

export default function KeychainsRoute() {
  return <CategoryPage category="Keychains" carousel="keychains" title="Keychains" ranges={KEYCHAIN_PRICE_RANGES} emptyTitle="No keychains found" />;
}
