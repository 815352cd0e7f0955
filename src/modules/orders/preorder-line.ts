import { beforeRelease } from '../../shared/preorder.js';
import type { OrderLine } from './order.js';

/** The line as ordered: a pre-order line (with its release date) while its product is not yet released in India. */
export function preorderLine(line: OrderLine, releaseDate: string | null, now: Date): OrderLine {
  return releaseDate !== null && beforeRelease(releaseDate, now) ? { ...line, releaseDate } : line;
}
