/** Every admin query key starts with 'admin', so "reload all dashboard data" is one invalidation. Each feature's api file defines its own key from this root. */
export const ADMIN_ROOT = ['admin'] as const;
