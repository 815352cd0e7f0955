import { refreshQueries } from '@kit/query';
import type { RowSelectionState } from '@tanstack/react-table';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable, type AdminColumn } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { ORDER_STATUSES, orderStatusLabel, StatusBadge } from '@kit/orders';
import { useToast } from '@kit/ui/toast';
import { formatDate, formatINR } from '@kit/format';
import { useDeleteOrder } from '../api/delete-order';
import { useOrders } from '../api/get-orders';
import { Pager } from '../../../components/ui/pager';
import { useDeleteOrders } from '../api/delete-orders';
import { allOrderIds, deleteOrdersInBatches } from '../api/delete-all-orders';
import { offerSelectAll, selectedCount, selectedIdsOf, selectionLabel, type OrderSelection } from './order-selection';
import { type AdminOrder } from '../../../lib/admin-order';
import { ADMIN_ROOT } from '../../../lib/query-keys';
import { useUpdateOrderStatus } from '../api/update-order-status';
import { bulkDeleteErrorMessage, deleteOrderErrorMessage, statusUpdateErrorMessage } from './order-error-messages';
import { CodHoldsPanel } from './cod-holds-panel';

const NO_ORDERS: AdminOrder[] = [];

export function OrdersTab({ onViewOrder }: { onViewOrder: (order: AdminOrder) => void }) {
  const { toast } = useToast();
  const [page, setPage] = useState(1);
  const { data, error } = useOrders(page);
  const orders = data?.items ?? NO_ORDERS;
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<OrderSelection>({ rows: {}, all: false });
  const selection = picked.rows as RowSelectionState;
  // Ticking or unticking a row leaves "all orders" mode and keeps what is ticked, on every page.
  const setSelection = (change: RowSelectionState | ((old: RowSelectionState) => RowSelectionState)) =>
    setPicked((p) => ({ rows: typeof change === 'function' ? change(p.rows as RowSelectionState) : change, all: false }));
  const total = data?.total ?? orders.length;
  const [deletingAll, setDeletingAll] = useState(false);
  const [toDelete, setToDelete] = useState<AdminOrder | null>(null);
  const updateStatus = useUpdateOrderStatus();
  const deleteOne = useDeleteOrder();
  const deleteMany = useDeleteOrders();
  const selectedIds = selectedIdsOf(picked);
  const count = selectedCount(picked, total);

  const changeStatus = (order: AdminOrder, status: string) => {
    // Shipping records a tracking number: the admin's, or one the server generates when left empty.
    let trackingNumber: string | undefined;
    if (status === 'shipped') {
      const answer = window.prompt(`Tracking number for order #${order.orderNumber} (leave empty to generate one)`, order.tracking_number ?? '');
      if (answer === null) return;
      trackingNumber = answer.trim() || undefined;
    }
    updateStatus.mutate(
      { orderId: order.id, status, trackingNumber },
      {
        onSuccess: () => toast({ title: 'Order Updated', description: `Order #${order.orderNumber} is now ${status}.`, variant: 'success' }),
        onError: (error) => toast({ title: 'Error', description: statusUpdateErrorMessage(error, order.orderNumber), variant: 'destructive' }),
      },
    );
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    const order = toDelete;
    deleteOne.mutate(order.id, {
      onSuccess: () => {
        toast({ title: 'Order Deleted', description: `Order #${order.orderNumber} has been deleted successfully.`, variant: 'success' });
        setSelection((s) => {
          const { [order.id]: _gone, ...rest } = s;
          return rest;
        });
        setToDelete(null);
      },
      onError: (error) => {
        toast({ title: 'Error', description: deleteOrderErrorMessage(error, order.orderNumber), variant: 'destructive' });
        setToDelete(null);
      },
    });
  };

  const deleteSelected = async () => {
    if (count === 0) {
      toast({ title: 'No Orders Selected', description: 'Please select orders to delete.', variant: 'destructive' });
      return;
    }
    if (picked.all) {
      setDeletingAll(true);
      try {
        const deleted = await deleteOrdersInBatches(await allOrderIds());
        toast({ title: 'Orders Deleted', description: `${deleted} orders have been deleted successfully.`, variant: 'success' });
        setPicked({ rows: {}, all: false });
        setPage(1);
      } catch (error) {
        toast({ title: 'Error', description: bulkDeleteErrorMessage(error), variant: 'destructive' });
      } finally {
        setDeletingAll(false);
        void refreshQueries(queryClient, { queryKey: ADMIN_ROOT });
      }
      return;
    }
    deleteMany.mutate(selectedIds, {
      onSuccess: (result) => {
        toast({ title: 'Orders Deleted', description: `${result.deletedCount ?? count} orders have been deleted successfully.`, variant: 'success' });
        setPicked({ rows: {}, all: false });
      },
      onError: (error) => toast({ title: 'Error', description: bulkDeleteErrorMessage(error), variant: 'destructive' }),
    });
  };

  const columns = useMemo<AdminColumn<AdminOrder>[]>(
    () => [
      {
        id: 'select',
        meta: { className: 'col-check' },
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label="Select all orders"
            checked={table.getIsAllRowsSelected()}
            onChange={(e) => table.toggleAllRowsSelected(e.target.checked)}
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label={`Select order ${row.original.orderNumber}`}
            checked={row.getIsSelected()}
            onChange={(e) => row.toggleSelected(e.target.checked)}
          />
        ),
      },
      { id: 'orderId', header: 'Order ID', cell: ({ row }) => <span className="mono">{row.original.orderNumber}</span> },
      {
        id: 'customer',
        header: 'Customer',
        cell: ({ row }) => (
          <div className="cell-stack">
            <strong>{row.original.customer_name || '—'}</strong>
            <span className="muted">{row.original.customer_email}</span>
          </div>
        ),
      },
      { id: 'amount', header: 'Amount', meta: { className: 'num' }, cell: ({ row }) => formatINR(row.original.total_amount) },
      { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge status={row.original.status} reader="admin" /> },
      { id: 'date', header: 'Date', meta: { className: 'nowrap' }, cell: ({ row }) => formatDate(row.original.created_at) },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => {
          const order = row.original;
          return (
            <div className="row-actions">
              <Button size="sm" variant="ghost" onClick={() => onViewOrder(order)} aria-label={`View order ${order.orderNumber}`}>
                View
              </Button>
              <select
                aria-label={`Status of order ${order.orderNumber}`}
                className="select-sm"
                value={order.status}
                onChange={(e) => changeStatus(order, e.target.value)}
              >
                {ORDER_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {orderStatusLabel(s, 'admin')}
                  </option>
                ))}
              </select>
              <Button size="sm" variant="danger" onClick={() => setToDelete(order)} aria-label={`Delete order ${order.orderNumber}`}>
                Delete
              </Button>
            </div>
          );
        },
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [onViewOrder],
  );

  return (
    <Card title="Order Management">
      <div className="selection-bar">
        <span className="muted" data-testid="selection-count">
          {selectionLabel(picked, total)}
        </span>
        {offerSelectAll(
          picked,
          orders.map((o) => o.id),
          total,
        ) && (
          <Button size="sm" onClick={() => setPicked((p) => ({ ...p, all: true }))}>
            Select all {total} orders
          </Button>
        )}
        {picked.all && (
          <Button size="sm" onClick={() => setPicked({ rows: {}, all: false })}>
            Clear selection
          </Button>
        )}
        <Button variant="danger" onClick={() => void deleteSelected()} disabled={deleteMany.isPending || deletingAll}>
          Delete Selected ({count})
        </Button>
      </div>
      {error && <p className="error-text">{(error as Error).message}</p>}
      <CodHoldsPanel />
      <DataTable
        data={orders}
        columns={columns}
        getRowId={(o) => o.id}
        rowSelection={picked.all ? (Object.fromEntries(orders.map((o) => [o.id, true])) as RowSelectionState) : selection}
        onRowSelectionChange={setSelection}
        empty="No orders found"
        testId="orders-table"
      />
      <Pager page={data?.page ?? page} totalPages={data?.totalPages ?? 1} onPage={setPage} />
      <Dialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete Order"
        description={toDelete ? `Are you sure you want to delete order #${toDelete.orderNumber}? This action cannot be undone.` : ''}
        footer={
          <>
            <Button onClick={() => setToDelete(null)}>Cancel</Button>
            <Button variant="danger" onClick={confirmDelete} disabled={deleteOne.isPending}>
              Delete Order
            </Button>
          </>
        }
      />
    </Card>
  );
}
