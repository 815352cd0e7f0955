import { preorderFields, type CatalogueRow, type ProductDto } from '../products/product-dto.js';
import { searchWords } from './search-index.js';
import { copyList, copyPairs, copyTyped } from '../snapshot/chunked-copy.js';
import type { DecodedSection, SectionValue } from '../snapshot/snapshot-format.js';

const IS_NEW = 1;
const IS_ON_SALE = 2;
const IN_STOCK = 4;
const ALIVE = 8;

const epochMs = (time: number | Date): number => (typeof time === 'number' ? time : time.getTime());

/**
 * The in-memory catalogue as columns: one slot per product, numbers and flags in typed arrays, text in plain arrays,
 * and no object, DTO or serialised body kept per product (a product costs a few hundred bytes plus its text; the DTO
 * is built when a request asks for it). A removed product's slot is reused.
 */
export class ProductTable {
  private capacity = 0;
  private length = 0;
  private readonly free: number[] = [];
  private readonly slots = new Map<string, number>();
  private readonly categoryNames: string[] = [];
  private readonly categoryCodes = new Map<string, number>();

  ids: string[] = [];
  names: string[] = [];
  descriptions: string[] = [];
  images: string[] = [];
  /** null when the images are just [image] (or [] without an image): the usual case, stored once. */
  private extraImages: (string[] | null)[] = [];
  /** The product's own GST classification (HSN, rate %), null when it takes its category's default. */
  private tax: ({ hsn: string | null; rate: number | null } | null)[] = [];
  /** A pre-order's release date (YYYY-MM-DD), null for every other product (the usual case). */
  private releaseDates: (string | null)[] = [];
  price = new Float64Array(0);
  private originalPrice = new Float64Array(0);
  private discount = new Float64Array(0);
  rating = new Float64Array(0);
  created = new Float64Array(0);
  private updated = new Float64Array(0);
  private stock = new Int32Array(0);
  private reviews = new Int32Array(0);
  private powerPoints = new Int32Array(0);
  private flags = new Uint8Array(0);
  category = new Uint8Array(0);

  get size(): number {
    return this.slots.size;
  }

  /** Slots in use end before this (some below it may be free). */
  get end(): number {
    return this.length;
  }

  slotOf(id: string): number | undefined {
    return this.slots.get(id);
  }

  alive(slot: number): boolean {
    return (this.flags[slot]! & ALIVE) !== 0;
  }
  isNew(slot: number): boolean {
    return (this.flags[slot]! & IS_NEW) !== 0;
  }
  isFeatured(slot: number): boolean {
    return (this.flags[slot]! & (IS_NEW | IS_ON_SALE)) !== 0;
  }

  /** The code of a category name (case-insensitive), or -1 when no product has ever had it. */
  categoryCode(name: string): number {
    return this.categoryCodes.get(name.toLowerCase()) ?? -1;
  }

  /** Each category's code and the words of its name (search matches a word against these, not per product). */
  categoryWords(): { code: number; words: string[] }[] {
    return this.categoryNames.map((name, code) => ({ code, words: searchWords(name) }));
  }

  private codeFor(name: string): number {
    const key = name.toLowerCase();
    let code = this.categoryCodes.get(key);
    if (code === undefined) {
      code = this.categoryNames.length;
      if (code > 255) throw new Error('too many categories');
      this.categoryNames.push(name);
      this.categoryCodes.set(key, code);
    }
    return code;
  }

  private grow(): void {
    const capacity = Math.max(1024, this.capacity * 2);
    const copy = <T extends Float64Array | Int32Array | Uint8Array>(from: T, make: (n: number) => T) => {
      const to = make(capacity);
      to.set(from);
      return to;
    };
    this.price = copy(this.price, (n) => new Float64Array(n));
    this.originalPrice = copy(this.originalPrice, (n) => new Float64Array(n));
    this.discount = copy(this.discount, (n) => new Float64Array(n));
    this.rating = copy(this.rating, (n) => new Float64Array(n));
    this.created = copy(this.created, (n) => new Float64Array(n));
    this.updated = copy(this.updated, (n) => new Float64Array(n));
    this.stock = copy(this.stock, (n) => new Int32Array(n));
    this.reviews = copy(this.reviews, (n) => new Int32Array(n));
    this.powerPoints = copy(this.powerPoints, (n) => new Int32Array(n));
    this.flags = copy(this.flags, (n) => new Uint8Array(n));
    this.category = copy(this.category, (n) => new Uint8Array(n));
    this.capacity = capacity;
  }

  /**
   * Stores a row (new or changed). Says what changed: `text` (name, description or category: search must re-index it)
   * and `order` (anything a sort or a filter reads); a stock change alone changes neither.
   */
  put(row: CatalogueRow): { slot: number; text: boolean; order: boolean } {
    const created = epochMs(row.created_at);
    let slot = this.slots.get(row.id);
    let text = true;
    let order = true;
    if (slot === undefined) {
      slot = this.free.pop() ?? this.length++;
      if (slot >= this.capacity) this.grow();
      this.slots.set(row.id, slot);
      this.ids[slot] = row.id;
    } else {
      text = this.names[slot] !== row.name || this.descriptions[slot] !== row.description || this.categoryNames[this.category[slot]!] !== row.category;
      order =
        text ||
        this.price[slot] !== Number(row.price) ||
        this.rating[slot] !== Number(row.rating) ||
        this.created[slot] !== created ||
        this.isNew(slot) !== row.is_new ||
        ((this.flags[slot]! & IS_ON_SALE) !== 0) !== row.is_on_sale ||
        (this.images[slot] === '') !== (row.image === '');
    }
    const image = row.image;
    const images = row.images;
    const plain = images === null || (images.length === 0 ? image === '' : images.length === 1 && images[0] === image);
    this.names[slot] = row.name;
    this.descriptions[slot] = row.description;
    this.images[slot] = image;
    this.extraImages[slot] = plain ? null : images;
    this.tax[slot] = row.hsn || (row.gst_rate ?? null) !== null ? { hsn: row.hsn ?? null, rate: row.gst_rate == null ? null : Number(row.gst_rate) } : null;
    this.releaseDates[slot] = row.release_date ?? null;
    this.price[slot] = Number(row.price);
    this.originalPrice[slot] = row.original_price === null ? NaN : Number(row.original_price);
    this.discount[slot] = row.discount === null ? NaN : Number(row.discount);
    this.rating[slot] = Number(row.rating);
    this.created[slot] = created;
    this.updated[slot] = epochMs(row.updated_at);
    this.stock[slot] = row.stock_quantity;
    this.reviews[slot] = row.reviews_count;
    this.powerPoints[slot] = row.power_points;
    this.flags[slot] = ALIVE | (row.is_new ? IS_NEW : 0) | (row.is_on_sale ? IS_ON_SALE : 0) | (row.in_stock ? IN_STOCK : 0);
    this.category[slot] = this.codeFor(row.category);
    return { slot, text, order };
  }

  /**
   * The table as it is now, for a snapshot: typed columns copied (later writes change them in place), text columns
   * as shallow copies (strings never change), the rare per-product extras as [slot, value] pairs. Copied in slices
   * (snapshot/chunked-copy.ts): the table must not change until this resolves.
   */
  async capture(): Promise<Record<string, SectionValue>> {
    const n = this.length;
    const typed = async <T extends Float64Array | Int32Array | Uint8Array>(column: T) => ({ typed: await copyTyped(column, n) });
    const strings = async (column: string[]) => ({ strings: await copyList(column, n) });
    return {
      'table.meta': {
        json: {
          length: n,
          free: [...this.free],
          categoryNames: [...this.categoryNames],
          extraImages: await copyPairs(this.extraImages, n),
          tax: await copyPairs(this.tax, n),
          releaseDates: await copyPairs(this.releaseDates, n),
        },
      },
      'table.ids': await strings(this.ids),
      'table.names': await strings(this.names),
      'table.descriptions': await strings(this.descriptions),
      'table.images': await strings(this.images),
      'table.price': await typed(this.price),
      'table.originalPrice': await typed(this.originalPrice),
      'table.discount': await typed(this.discount),
      'table.rating': await typed(this.rating),
      'table.created': await typed(this.created),
      'table.updated': await typed(this.updated),
      'table.stock': await typed(this.stock),
      'table.reviews': await typed(this.reviews),
      'table.powerPoints': await typed(this.powerPoints),
      'table.flags': await typed(this.flags),
      'table.category': await typed(this.category),
    };
  }

  /** Fills an empty table from what `capture` wrote (sections read back from a snapshot file). */
  restore(sections: Map<string, DecodedSection>): void {
    if (this.length > 0) throw new Error('restore needs an empty table');
    const get = <T>(name: string): T => {
      if (!sections.has(name)) throw new Error(`snapshot has no ${name}`);
      return sections.get(name) as T;
    };
    const meta = get<{
      length: number;
      free: number[];
      categoryNames: string[];
      extraImages: [number, string[]][];
      tax: [number, { hsn: string | null; rate: number | null }][];
      /** Absent from snapshots written before pre-orders existed. */
      releaseDates?: [number, string][];
    }>('table.meta');
    const n = meta.length;
    const capacity = Math.max(1024, n);
    const column = <T extends Float64Array | Int32Array | Uint8Array>(name: string, make: (size: number) => T): T => {
      const stored = get<T>(name);
      if (stored.length !== n) throw new Error(`snapshot column ${name} has ${stored.length} entries, not ${n}`);
      const to = make(capacity);
      to.set(stored);
      return to;
    };
    const text = (name: string) => {
      const stored = get<string[]>(name);
      if (stored.length !== n) throw new Error(`snapshot column ${name} has ${stored.length} entries, not ${n}`);
      return stored;
    };
    this.ids = text('table.ids');
    this.names = text('table.names');
    this.descriptions = text('table.descriptions');
    this.images = text('table.images');
    this.price = column('table.price', (k) => new Float64Array(k));
    this.originalPrice = column('table.originalPrice', (k) => new Float64Array(k));
    this.discount = column('table.discount', (k) => new Float64Array(k));
    this.rating = column('table.rating', (k) => new Float64Array(k));
    this.created = column('table.created', (k) => new Float64Array(k));
    this.updated = column('table.updated', (k) => new Float64Array(k));
    this.stock = column('table.stock', (k) => new Int32Array(k));
    this.reviews = column('table.reviews', (k) => new Int32Array(k));
    this.powerPoints = column('table.powerPoints', (k) => new Int32Array(k));
    this.flags = column('table.flags', (k) => new Uint8Array(k));
    this.category = column('table.category', (k) => new Uint8Array(k));
    this.capacity = capacity;
    this.length = n;
    for (const name of meta.categoryNames) this.codeFor(name);
    this.extraImages = new Array<string[] | null>(n).fill(null);
    this.tax = new Array<{ hsn: string | null; rate: number | null } | null>(n).fill(null);
    for (const [slot, images] of meta.extraImages) this.extraImages[slot] = images;
    for (const [slot, tax] of meta.tax) this.tax[slot] = tax;
    this.releaseDates = new Array<string | null>(n).fill(null);
    for (const [slot, date] of meta.releaseDates ?? []) this.releaseDates[slot] = date;
    for (const slot of meta.free) this.free.push(slot);
    for (let slot = 0; slot < n; slot++) if (this.alive(slot)) this.slots.set(this.ids[slot]!, slot);
  }

  /** Forgets a product; returns the slot it had. */
  remove(id: string): number | undefined {
    const slot = this.slots.get(id);
    if (slot === undefined) return undefined;
    this.slots.delete(id);
    this.flags[slot] = 0;
    this.ids[slot] = this.names[slot] = this.descriptions[slot] = this.images[slot] = '';
    this.extraImages[slot] = null;
    this.tax[slot] = null;
    this.releaseDates[slot] = null;
    this.free.push(slot);
    return slot;
  }

  /** The product as the API sends it (built on demand). */
  dto(slot: number): ProductDto {
    const flags = this.flags[slot]!;
    const image = this.images[slot]!;
    const originalPrice = this.originalPrice[slot]!;
    const discount = this.discount[slot]!;
    return {
      id: this.ids[slot]!,
      name: this.names[slot]!,
      price: this.price[slot]!,
      original_price: Number.isNaN(originalPrice) ? null : originalPrice,
      image,
      images: this.extraImages[slot] ?? (image === '' ? [] : [image]),
      category: this.categoryNames[this.category[slot]!]!,
      is_new: (flags & IS_NEW) !== 0,
      is_on_sale: (flags & IS_ON_SALE) !== 0,
      discount: Number.isNaN(discount) ? null : discount,
      description: this.descriptions[slot]!,
      in_stock: (flags & IN_STOCK) !== 0,
      stock_quantity: this.stock[slot]!,
      rating: this.rating[slot]!,
      reviews: this.reviews[slot]!,
      powerPoints: this.powerPoints[slot]!,
      hsn: this.tax[slot]?.hsn ?? null,
      gst_rate: this.tax[slot]?.rate ?? null,
      ...preorderFields(this.releaseDates[slot] ?? null),
      created_at: new Date(this.created[slot]!).toISOString(),
      updated_at: new Date(this.updated[slot]!).toISOString(),
    };
  }
}
