/** The admin lists are paged on the server (never the whole table to the browser). */
export type Page<T> = { items: T[]; total: number; page: number; totalPages: number };
export type PageRequest = { page: number; limit: number };

export function pageFrom<T>(body: { total?: unknown; page?: unknown; totalPages?: unknown }, items: T[], request: PageRequest): Page<T> {
  const total = Number(body.total ?? items.length);
  return {
    items,
    total: Number.isFinite(total) ? total : items.length,
    page: Number(body.page ?? request.page) || request.page,
    totalPages: Math.max(1, Number(body.totalPages ?? 1) || 1),
  };
}

export const query = (r: PageRequest) => `page=${r.page}&limit=${r.limit}`;
