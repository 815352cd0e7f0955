/** Only a 401 is final (DECISIONS §9): any other failure of the profile call is retried with back-off (1, 2, 4, 8 s). */
export const retryProfile = (failures: number, error: unknown) => (error as { status?: number } | null)?.status !== 401 && failures < 4;
export const profileRetryDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);
