import Papa from 'papaparse';
import type { ProductRow } from '../../src/modules/catalogue/products/product-dto.js';

/** Generated catalogue rows for the storefront scale bench, in the bulk import's CSV columns (mode add: no ids). */
export const SERIES = [
  'Naruto',
  'One Piece',
  'Dragon Ball',
  'Demon Slayer',
  'Jujutsu Kaisen',
  'Attack on Titan',
  'My Hero Academia',
  'Bleach',
  'Death Note',
  'Spy x Family',
];
const CHARACTERS = ['Uzumaki', 'Luffy', 'Goku', 'Tanjiro', 'Gojo', 'Levi', 'Deku', 'Ichigo', 'Light', 'Anya', 'Zoro', 'Vegeta', 'Nezuko', 'Sukuna', 'Mikasa'];
/** Product kinds and the category each belongs to (bench/storefront/lighthouse.ts generates its own rows from them too). */
export const KINDS = [
  ['PVC Figure', 'Anime Figures'],
  ['Premium Statue', 'Anime Figures'],
  ['Metal Keychain', 'Keychains'],
  ['Acrylic Keychain', 'Keychains'],
  ['Die-cast Car', 'Hot Wheels'],
  ['Plush', 'Trending'],
] as const;

export const SEARCH_TERMS = ['naruto figre', 'gojo keychain', 'luffy statue', 'tanjro', 'levi attack titan', 'goku dragon', 'nezuko plush', 'sukuna jujutsu'];

/**
 * Rows `from` … `from + count - 1` as one CSV file; a quarter of them without an image, every fifth on sale.
 * `images: false` leaves the image column out (the catalogue-reads bench's file, as its earlier figures were taken).
 */
export function catalogueCsv(from: number, count: number, options: { images?: boolean } = {}): string {
  const images = options.images ?? true;
  const lines = [`name,category,price,originalPrice,isOnSale,isNew,${images ? 'image,' : ''}description,rating,reviews,stockQuantity`];
  for (let i = from; i < from + count; i++) {
    const series = SERIES[i % SERIES.length]!;
    const character = CHARACTERS[(i * 7) % CHARACTERS.length]!;
    const [kind, category] = KINDS[(i * 3) % KINDS.length]!;
    const price = 199 + ((i * 37) % 5000);
    const image = i % 4 === 3 ? '' : `https://images.unsplash.com/photo-${1500000000000 + i}.jpg`;
    lines.push(
      `${character} ${series} ${kind} #${i},${category},${price},${i % 5 === 0 ? price + 300 : ''},${i % 5 === 0},${i % 11 === 0},${images ? `${image},` : ''}` +
        `"${kind} of ${character} from ${series}, collector edition ${i}",${(3 + (i % 20) / 10).toFixed(1)},${i % 300},${i % 13}`,
    );
  }
  return lines.join('\n');
}

export const benchProductId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

/**
 * Rows `from` … `from + count - 1` of the generated catalogue as the in-memory catalogue loads them (ProductRow), parsed
 * from the same CSV an import would read. `createdAt` gives a row's creation time (default: one second apart).
 */
export function catalogueProductRows(
  from: number,
  count: number,
  createdAt: (i: number) => Date = (i) => new Date(1_700_000_000_000 + i * 1000),
): ProductRow[] {
  return Papa.parse<Record<string, string>>(catalogueCsv(from, count), { header: true, skipEmptyLines: true }).data.map((r, k) => {
    const created = createdAt(from + k);
    return {
      id: benchProductId(from + k),
      name: r.name!,
      price: r.price!,
      original_price: r.originalPrice || null,
      image: r.image!,
      images: r.image ? [r.image] : [],
      category: r.category!,
      is_new: r.isNew === 'true',
      is_on_sale: r.isOnSale === 'true',
      discount: null,
      description: r.description!,
      in_stock: Number(r.stockQuantity) > 0,
      in_stock_flag: true,
      stock_quantity: Number(r.stockQuantity),
      rating: r.rating!,
      reviews_count: Number(r.reviews),
      power_points: 50,
      created_at: created,
      updated_at: created,
    };
  });
}
