/** One counter stream per year: the n-th OrderNumberAssigned is number n (claimed by number-batcher.ts). */
export const orderNumberStream = (year: number) => `order-numbers-${year}`;

export const formatOrderNumber = (year: number, n: number) => `AC-${year}-${String(n).padStart(6, '0')}`;
