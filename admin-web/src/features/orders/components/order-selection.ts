/**
 * The orders tab's selection across pages: ids ticked on any page, or "all M orders" (every order on the server, not
 * only the page shown). The bar reads 'N of M orders selected' with M the true total.
 */
export interface OrderSelection {
  /** Ticked ids (TanStack Table's row selection), on any page. */
  rows: Record<string, boolean>;
  all: boolean;
}

export const selectedIdsOf = (selection: OrderSelection) => Object.keys(selection.rows).filter((id) => selection.rows[id]);

export function selectedCount(selection: OrderSelection, total: number): number {
  return selection.all ? total : selectedIdsOf(selection).length;
}

export const selectionLabel = (selection: OrderSelection, total: number) => `${selectedCount(selection, total)} of ${total} orders selected`;

/** Offer "Select all M orders" once the whole page is ticked and there is more than the page. */
export function offerSelectAll(selection: OrderSelection, pageIds: string[], total: number): boolean {
  return !selection.all && pageIds.length > 0 && total > pageIds.length && pageIds.every((id) => selection.rows[id]);
}
