import { scalarArray } from '../../src/core/scalar-array.js';
import { textArray } from '../../src/core/text-array.js';
import type { ProductEvent } from '../../src/modules/catalogue/events.js';

export type ProductData = Omit<Extract<ProductEvent, { type: 'ProductAdded' }>['data'], 'addedAt'>;

/**
 * Product rows as one array per column, in the order of the upsert's `unnest` (catalogue-projector.ts): filled straight
 * from the events, no row object in between. The images go as one JSON array (a jsonb[] literal escapes every quote).
 * Arrays per column cost PostgreSQL markedly less CPU than the rows as one JSON document read by jsonb_to_recordset
 * (bench/catalogue/import-freshness.ts --pg-stats shows it).
 */
export class ProductColumns {
  private readonly id: string[] = [];
  private readonly name: string[] = [];
  private readonly price: number[] = [];
  private readonly originalPrice: (number | null)[] = [];
  private readonly image: string[] = [];
  private readonly images: string[][] = [];
  private readonly category: string[] = [];
  private readonly isNew: boolean[] = [];
  private readonly isOnSale: boolean[] = [];
  private readonly discount: (number | null)[] = [];
  private readonly description: string[] = [];
  private readonly inStockFlag: boolean[] = [];
  private readonly rating: number[] = [];
  private readonly reviews: number[] = [];
  private readonly powerPoints: number[] = [];
  private readonly hsn: (string | null)[] = [];
  private readonly gstRate: (number | null)[] = [];
  private readonly releaseDate: (string | null)[] = [];
  private readonly at: string[] = [];
  private readonly stock: (number | null)[] = [];

  /** `stock`: the StockLevelSet that follows the event in the same batch, applied in the same statement. */
  push(d: ProductData, at: string, stock: number | null = null): void {
    this.id.push(d.productId);
    this.name.push(d.name);
    this.price.push(d.price);
    this.originalPrice.push(d.originalPrice);
    this.image.push(d.image);
    this.images.push(d.images);
    this.category.push(d.category);
    this.isNew.push(d.isNew);
    this.isOnSale.push(d.isOnSale);
    this.discount.push(d.discount);
    this.description.push(d.description);
    this.inStockFlag.push(d.inStock);
    this.rating.push(d.rating);
    this.reviews.push(d.reviews);
    this.powerPoints.push(d.powerPoints);
    this.hsn.push(d.hsn ?? null);
    this.gstRate.push(d.gstRate ?? null);
    this.releaseDate.push(d.preorder && d.releaseDate !== undefined ? d.releaseDate : null);
    this.at.push(at);
    this.stock.push(stock);
  }

  get length(): number {
    return this.id.length;
  }

  /** The statement's parameters $1 … $20. */
  params(): unknown[] {
    return [
      textArray(this.id),
      textArray(this.name),
      scalarArray(this.price),
      scalarArray(this.originalPrice),
      textArray(this.image),
      JSON.stringify(this.images),
      textArray(this.category),
      scalarArray(this.isNew),
      scalarArray(this.isOnSale),
      scalarArray(this.discount),
      textArray(this.description),
      scalarArray(this.inStockFlag),
      scalarArray(this.rating),
      scalarArray(this.reviews),
      scalarArray(this.powerPoints),
      textArray(this.hsn),
      scalarArray(this.gstRate),
      textArray(this.at),
      scalarArray(this.stock),
      textArray(this.releaseDate),
    ];
  }
}
