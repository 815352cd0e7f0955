import { ConflictError, NotFoundError, ValidationError } from '../../../core/errors.js';
import { hsnProblem, rateProblem } from '../../../shared/gst-rates.js';
import { istDate } from '../../../shared/financial-year.js';
import { isCalendarDate, PREORDER_MESSAGES } from '../../../shared/preorder.js';
import { CATEGORIES, type ProductDetails, type ProductEvent, type ProductState } from './product.js';

export type ProductCommand =
  | { type: 'AddProduct'; data: { productId: string; details: ProductDetails; now: string } }
  | { type: 'UpdateProduct'; data: { productId: string; details: ProductDetails; now: string } }
  | { type: 'RemoveProduct'; data: { productId: string; reason: 'deleted' | 'remove-all' | 'cleanup-invalid' | 'import-deleteall'; now: string } };

/** The rules of the admin form (admin spec section 5), checked again here whatever the entry point. */
export function checkDetails(details: ProductDetails): void {
  if (details.name.trim() === '') throw new ValidationError('Please fill in all required fields');
  if (!(details.price > 0)) throw new ValidationError('Please enter a valid price');
  if (!(CATEGORIES as readonly string[]).includes(details.category)) throw new ValidationError(`Category must be one of ${CATEGORIES.join(', ')}`);
  const taxProblem = (details.hsn !== undefined ? hsnProblem(details.hsn) : null) ?? (details.gstRate !== undefined ? rateProblem(details.gstRate) : null);
  if (taxProblem) throw new ValidationError(taxProblem);
}

/**
 * A pre-order needs a real release date, not in the past (IST) when it is set: an edit that keeps the date it had
 * stays allowed after release day (a price change on a released figure).
 */
export function checkPreorder(details: ProductDetails, before: ProductDetails | null, now: string): void {
  if (!details.preorder) return;
  if (details.releaseDate === undefined) throw new ValidationError(PREORDER_MESSAGES.needsReleaseDate);
  if (!isCalendarDate(details.releaseDate)) throw new ValidationError(PREORDER_MESSAGES.invalidReleaseDate);
  const unchanged = before?.preorder === true && before.releaseDate === details.releaseDate;
  if (!unchanged && details.releaseDate < istDate(now)) throw new ValidationError(PREORDER_MESSAGES.releaseDateInPast);
}

const sameDetails = (a: ProductDetails, b: ProductDetails) => JSON.stringify(a) === JSON.stringify(b);

export function decideProduct(command: ProductCommand, state: ProductState): ProductEvent[] {
  switch (command.type) {
    case 'AddProduct': {
      if (state.status === 'listed') throw new ConflictError('A product with this id already exists');
      checkDetails(command.data.details);
      checkPreorder(command.data.details, null, command.data.now);
      return [{ type: 'ProductAdded', data: { productId: command.data.productId, ...command.data.details, addedAt: command.data.now } }];
    }
    case 'UpdateProduct': {
      if (state.status !== 'listed') throw new NotFoundError('Product not found');
      checkDetails(command.data.details);
      checkPreorder(command.data.details, state.details, command.data.now);
      if (sameDetails(state.details, command.data.details)) return [];
      return [{ type: 'ProductUpdated', data: { productId: state.productId, ...command.data.details, updatedAt: command.data.now } }];
    }
    case 'RemoveProduct': {
      if (state.status !== 'listed') throw new NotFoundError('Product not found');
      return [{ type: 'ProductRemoved', data: { productId: state.productId, reason: command.data.reason, removedAt: command.data.now } }];
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
