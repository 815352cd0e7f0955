import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable, type AdminColumn } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { Pager } from '../../../components/ui/pager';
import { formatCount, formatDate, formatINR } from '@kit/format';
import { useToast } from '@kit/ui/toast';
import { useCustomers, type AdminCustomer } from '../api/get-customers';
import { useSignOutCustomer } from '../api/sign-out-customer';
import { CustomerOrdersDialog } from './customer-orders-dialog';
import { CustomerPrivacyActions } from './customer-privacy-actions';

const NO_CUSTOMERS: AdminCustomer[] = [];

export function CustomersTab() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useCustomers(page);
  const customers = data?.items ?? NO_CUSTOMERS;
  const [viewing, setViewing] = useState<AdminCustomer | null>(null);
  const [ordersOf, setOrdersOf] = useState<AdminCustomer | null>(null);
  const signOut = useSignOutCustomer();
  const { toast } = useToast();
  const columns = useMemo<AdminColumn<AdminCustomer>[]>(
    () => [
      {
        id: 'customer',
        header: 'Customer',
        cell: ({ row }) => (
          <div className="cell-stack">
            <strong>{row.original.full_name || '—'}</strong>
            <span className="muted">{row.original.email}</span>
          </div>
        ),
      },
      { id: 'location', header: 'Location', cell: ({ row }) => [row.original.city, row.original.state].filter(Boolean).join(', ') || '—' },
      { id: 'orders', header: 'Orders', meta: { className: 'num' }, cell: ({ row }) => formatCount(row.original.total_orders) },
      { id: 'spent', header: 'Total Spent', meta: { className: 'num' }, cell: ({ row }) => formatINR(row.original.total_spent) },
      { id: 'joined', header: 'Joined', meta: { className: 'nowrap' }, cell: ({ row }) => formatDate(row.original.created_at) },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <div className="row-actions">
            <Button size="sm" variant="ghost" onClick={() => setViewing(row.original)} aria-label={`View ${row.original.full_name}`}>
              View
            </Button>
            <Button size="sm" variant="outline" onClick={() => setOrdersOf(row.original)} aria-label={`Orders of ${row.original.full_name}`}>
              Orders
            </Button>
          </div>
        ),
      },
    ],
    [],
  );
  return (
    <Card title="Customer Management">
      {error ? (
        <p className="error-text">{(error as Error).message}</p>
      ) : isLoading ? (
        <p className="muted">Loading customers…</p>
      ) : (
        <>
          <DataTable data={customers} columns={columns} getRowId={(c) => c.id} empty="No customers found" testId="customers-table" />
          <Pager page={data?.page ?? page} totalPages={data?.totalPages ?? 1} onPage={setPage} />
        </>
      )}
      <Dialog open={viewing !== null} onOpenChange={(open) => !open && setViewing(null)} title={viewing?.full_name || 'Customer'}>
        {viewing && (
          <dl className="detail-grid">
            <dt>Email</dt>
            <dd>{viewing.email}</dd>
            <dt>Phone</dt>
            <dd>{viewing.phone || '—'}</dd>
            <dt>Location</dt>
            <dd>{[viewing.city, viewing.state].filter(Boolean).join(', ') || '—'}</dd>
            <dt>Orders</dt>
            <dd>{formatCount(viewing.total_orders)}</dd>
            <dt>Total Spent</dt>
            <dd>{formatINR(viewing.total_spent)}</dd>
            <dt>Joined</dt>
            <dd>{formatDate(viewing.created_at)}</dd>
          </dl>
        )}
        {viewing && (
          <Button
            variant="danger"
            size="sm"
            disabled={signOut.isPending}
            onClick={() => {
              if (!window.confirm(`Sign ${viewing.full_name || viewing.email} out on every device?`)) return;
              signOut.mutate(viewing.id, {
                onSuccess: () => toast({ title: 'Signed out everywhere', description: `${viewing.email} must sign in again.` }),
                onError: (error) => toast({ title: 'Error', description: (error as Error).message, variant: 'destructive' }),
              });
            }}
          >
            Sign out everywhere
          </Button>
        )}
        {viewing && <CustomerPrivacyActions customer={viewing} onErased={() => setViewing(null)} />}
      </Dialog>
      <CustomerOrdersDialog customer={ordersOf} onClose={() => setOrdersOf(null)} />
    </Card>
  );
}
