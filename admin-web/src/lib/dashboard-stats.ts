/** The overview's figures (GET /api/admin/stats); the live feed patches them when an order is placed. */
export type DashboardStats = {
  totalProducts: number;
  totalOrders: number;
  totalRevenue: number;
  totalCustomers: number;
  pendingOrders: number;
  lowStockProducts: number;
};
