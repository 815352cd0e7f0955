import { z } from 'zod';
import { PRODUCT_ID_PATTERN } from '../products/product.js';
import { imagesFrom, productFields, type ProductForm } from '../products/schemas.js';
import type { RawRow } from './import-file.js';
import { excerpt } from '../../../shared/excerpt.js';

export const IMPORT_COLUMNS = [
  'id',
  'name',
  'category',
  'price',
  'originalPrice',
  'discount',
  'isOnSale',
  'isNew',
  'image',
  'description',
  'inStock',
  'rating',
  'reviews',
  'stockQuantity',
  'hsn',
  'gstRate',
  'isPreorder',
  'releaseDate',
] as const;
const REQUIRED_COLUMNS = ['name', 'category', 'price'] as const;

/**
 * No normaliseKeys preprocess (the admin form's aliases): readRow names each value by the schema's own key already, so
 * the copy of every row's object it made is saved (bench/catalogue/import-freshness.ts --alloc).
 */
const rowSchema = z.object({ ...productFields, stock_quantity: productFields.stock_quantity.optional() });
/** The schema's key for each column readRow passes on (the id and the image are read apart). */
const FIELD_KEYS: readonly (readonly [column: string, key: string])[] = IMPORT_COLUMNS.filter((c) => c !== 'id' && c !== 'image').map(
  (c) =>
    [
      c,
      (
        {
          stockQuantity: 'stock_quantity',
          originalPrice: 'original_price',
          isNew: 'is_new',
          isOnSale: 'is_on_sale',
          inStock: 'in_stock',
          gstRate: 'gst_rate',
          isPreorder: 'is_preorder',
          releaseDate: 'release_date',
        } as Record<string, string>
      )[c] ?? c,
    ] as const,
);

export interface ImportRow {
  rowNumber: number;
  id: string | null;
  form: ProductForm & { stock_quantity?: number };
  /** form.images normalised (imagesFrom), when the row has images: checked here, used as they are by detailsFromForm. */
  pictures?: { image: string; images: string[] };
}
export interface RowError {
  row: number;
  name?: string;
  reason: string;
}

const lower = (s: string) => s.toLowerCase().replace(/[\s_-]/g, '');
const KNOWN = new Map(IMPORT_COLUMNS.map((c) => [lower(c), c]));
// Spreadsheets often say "Stock" or "Stock Quantity": matched case- and space-insensitively.
KNOWN.set('stock', 'stockQuantity');
KNOWN.set('stockquantity', 'stockQuantity');
KNOWN.set('originalprice', 'originalPrice');
KNOWN.set('gst', 'gstRate');
KNOWN.set('hsncode', 'hsn');
KNOWN.set('preorder', 'isPreorder');

/**
 * Which source column feeds which field. An admin's mapping may be given either way round
 * ({ field: column } or { column: field }); unmapped columns are matched by name.
 */
export function columnMap(headers: string[], mapping: Record<string, string> = {}): Map<string, string> {
  const result = new Map<string, string>();
  for (const header of headers) {
    const known = KNOWN.get(lower(header));
    if (known) result.set(known, header);
  }
  for (const [key, value] of Object.entries(mapping)) {
    const keyField = KNOWN.get(lower(key));
    const valueField = KNOWN.get(lower(value));
    if (keyField && headers.includes(value)) result.set(keyField, value);
    else if (valueField && headers.includes(key)) result.set(valueField, key);
  }
  return result;
}

export function missingColumns(columns: Map<string, string>): string[] {
  return REQUIRED_COLUMNS.filter((c) => !columns.has(c));
}

const CATEGORY_BY_LOWER = new Map(['Anime Figures', 'Keychains', 'Hot Wheels', 'Trending'].map((c) => [lower(c), c]));
const CATEGORY_ALIASES = new Map([
  ['animefigure', 'Anime Figures'],
  ['keychain', 'Keychains'],
  ['hotwheel', 'Hot Wheels'],
]);

const templateReleaseDate = () => new Date(Date.now() + 183 * 86_400_000).toISOString().slice(0, 10);

const IMAGE_SEPARATORS = /[|;,\n]/;

/**
 * Image cells may hold several names or URLs; uploaded file names are looked up in the image map. Plain loops, no
 * closures: this runs for each of up to 50,000 rows (and under tsx every closure made is also named by a call).
 */
function resolveImages(cell: string, imageMap: Record<string, string>): string[] {
  const images: string[] = [];
  if (cell === '') return images;
  for (const part of cell.split(IMAGE_SEPARATORS)) {
    const entry = part.trim();
    if (entry !== '') images.push(imageMap[entry] ?? imageMap[entry.slice(entry.lastIndexOf('/') + 1)] ?? entry);
  }
  return images;
}

/** The trimmed cell feeding `field`, '' when no column does. */
function cellOf(values: RawRow, columns: Map<string, string>, field: string): string {
  const column = columns.get(field);
  return column === undefined ? '' : (values[column] ?? '').trim();
}

/** Turns one sheet row into a validated form, or the reason it is refused. */
export function readRow(rowNumber: number, values: RawRow, columns: Map<string, string>, imageMap: Record<string, string>): ImportRow | RowError {
  const name = cellOf(values, columns, 'name');
  const raw: Record<string, unknown> = {};
  for (const [column, key] of FIELD_KEYS) {
    const value = cellOf(values, columns, column);
    if (value !== '') raw[key] = value;
  }
  if (typeof raw.category === 'string') {
    raw.category = CATEGORY_BY_LOWER.get(lower(raw.category)) ?? CATEGORY_ALIASES.get(lower(raw.category)) ?? raw.category;
  }
  // A release date alone makes the row a pre-order (an isPreorder cell of false says otherwise).
  if (raw.release_date !== undefined && raw.is_preorder === undefined) raw.is_preorder = true;
  const images = resolveImages(cellOf(values, columns, 'image'), imageMap);
  if (images.length > 0) raw.images = images;
  const parsed = rowSchema.safeParse(raw);
  if (!parsed.success)
    return { row: rowNumber, ...(name ? { name: excerpt(name) } : {}), reason: excerpt(parsed.error.issues[0]?.message ?? 'Invalid row', 200) };
  // Normalised once, here: detailsFromForm takes the result instead of normalising the same URLs again.
  const pictures = parsed.data.images === undefined ? undefined : imagesFrom(undefined, parsed.data.images);
  if (pictures === null) {
    const unusable = images.find((entry) => imagesFrom(entry, undefined) === null);
    return {
      row: rowNumber,
      ...(name ? { name: excerpt(name) } : {}),
      reason: `Image "${excerpt(unusable ?? '')}" is neither a URL nor an uploaded file name`,
    };
  }
  const id = cellOf(values, columns, 'id');
  if (id !== '' && !PRODUCT_ID_PATTERN.test(id))
    return { row: rowNumber, ...(name ? { name: excerpt(name) } : {}), reason: 'Invalid id: use letters, digits, - or _ (at most 64)' };
  return { rowNumber, id: id === '' ? null : id, form: parsed.data, ...(pictures ? { pictures } : {}) };
}

export const isRowError = (r: ImportRow | RowError): r is RowError => 'reason' in r;

/** The CSV template the admin downloads: the columns and two example rows. */
export function csvTemplate(): string {
  // The pre-order example's date: six months ahead, so the template imports as it is.
  const header = IMPORT_COLUMNS.join(',');
  const rows = [
    ',Monkey D. Luffy Gear Fifth Figure,Anime Figures,2899,3299,12,true,true,luffy-gear5.jpg,"PVC figure, 20 cm",true,4.5,120,15,9503,5,,',
    ',Akatsuki Cloud Metal Keychain,Keychains,299,,,false,false,akatsuki-keychain.png,Enamel on metal,true,4.2,35,100,,,,',
    `,Frieren Scale Figure (pre-order),Anime Figures,8999,,,false,true,frieren.jpg,"Ships on release",true,0,0,50,9503,5,true,${templateReleaseDate()}`,
  ];
  return `${header}\n${rows.join('\n')}\n`;
}
