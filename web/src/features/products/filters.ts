/** The spec's price bands; the server applies them by `value` (`?priceRange=…`), min inclusive, max exclusive. */
export interface PriceRange {
  value: string;
  label: string;
  min: number;
  /** exclusive */
  max: number;
}

const range = (value: string, label: string, min: number, max: number): PriceRange => ({ value, label, min, max });

export const FIGURE_PRICE_RANGES: PriceRange[] = [
  range('under-1000', 'Under ₹1,000', 0, 1000),
  range('1000-2000', '₹1,000 – ₹2,000', 1000, 2000),
  range('2000-3000', '₹2,000 – ₹3,000', 2000, 3000),
  range('3000-plus', '₹3,000 and above', 3000, Infinity),
];

export const KEYCHAIN_PRICE_RANGES: PriceRange[] = [
  range('under-500', 'Under ₹500', 0, 500),
  range('500-1000', '₹500 – ₹1,000', 500, 1000),
  range('1000-plus', '₹1,000 and above', 1000, Infinity),
];

/** Search results mix both categories: ranges that cover every price. */
export const GENERAL_PRICE_RANGES: PriceRange[] = [
  range('under-500', 'Under ₹500', 0, 500),
  range('500-1000', '₹500 – ₹1,000', 500, 1000),
  range('1000-2000', '₹1,000 – ₹2,000', 1000, 2000),
  range('2000-3000', '₹2,000 – ₹3,000', 2000, 3000),
  range('3000-plus', '₹3,000 and above', 3000, Infinity),
];

export type SortKey = 'featured' | 'price-low' | 'price-high' | 'rating' | 'newest';

export const SORT_OPTIONS: { value: SortKey; label: string }[] = [
  { value: 'featured', label: 'Featured' },
  { value: 'price-low', label: 'Price: Low to High' },
  { value: 'price-high', label: 'Price: High to Low' },
  { value: 'rating', label: 'Top Rated' },
  { value: 'newest', label: 'Newest' },
];
