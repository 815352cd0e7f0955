import { createContext, useContext, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { StockBadge } from '@kit/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable, type AdminColumn } from '../../../components/ui/data-table';
import { useToast } from '@kit/ui/toast';
import { formatCount, formatINR } from '@kit/format';
import type { UploadMode } from '../api/bulk-upload-products';
import { useCleanupProducts } from '../api/cleanup-products';
import { useDeleteAllProducts } from '../api/delete-all-products';
import { useDeleteProduct } from '../api/delete-product';
import { downloadTemplate } from '../api/download-template';
import { PRODUCTS_PER_PAGE, useProducts } from '../api/get-products';
import { useNotifyMeDemand } from '../api/get-notify-me-demand';
import type { AdminProduct } from '../../../lib/admin-product';
import { Pager } from '../../../components/ui/pager';
import { BulkUploadPanel } from './bulk-upload-panel';
import { ProductThumb } from './product-thumb';
import { PreorderBookDialog } from './preorder-book-dialog';

const NO_PRODUCTS: AdminProduct[] = [];

/**
 * The shoppers waiting for each product of the page. It reaches the Waiting cells through context, not through the
 * column definitions: new columns would give every cell a new component, and the thumbnails would mount (and load) again.
 */
const DemandContext = createContext<Record<string, number> | undefined>(undefined);

function WaitingCount({ productId }: { productId: string }) {
  const waiting = useContext(DemandContext)?.[productId] ?? 0;
  return waiting > 0 ? (
    <span title="Shoppers waiting to be told it is available" data-testid="notify-me-demand">
      {formatCount(waiting)}
    </span>
  ) : (
    <span className="muted">0</span>
  );
}

export function ProductsTab({ onAdd, onEdit }: { onAdd: () => void; onEdit: (product: AdminProduct) => void }) {
  const { toast } = useToast();
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useProducts(page);
  const products = data?.items ?? NO_PRODUCTS;
  const demand = useNotifyMeDemand(products.map((p) => p.id)).data;
  const deleteAll = useDeleteAllProducts();
  const cleanup = useCleanupProducts();
  const deleteOne = useDeleteProduct();
  const [mode, setMode] = useState<UploadMode>('upsert');
  const [book, setBook] = useState<AdminProduct | null>(null);
  const totals = data?.totals ?? { total: 0, valid: 0, invalid: 0 };
  const invalid = totals.invalid;

  const onDeleteAll = () => {
    if (!window.confirm('Are you sure you want to delete ALL products? This action cannot be undone.')) return;
    deleteAll.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Success', description: 'All products have been deleted.', variant: 'success' });
        setMode('add');
      },
      onError: () => toast({ title: 'Error', description: 'Failed to delete all products.', variant: 'destructive' }),
    });
  };

  const onCleanup = () =>
    cleanup.mutate(undefined, {
      onSuccess: (r) => toast({ title: 'Cleanup Complete', description: r.message ?? `${r.deletedCount ?? 0} invalid products removed.`, variant: 'success' }),
      onError: (e) => toast({ title: 'Error', description: (e as Error).message, variant: 'destructive' }),
    });

  const onDelete = (product: AdminProduct) => {
    if (!window.confirm(`Are you sure you want to delete ${product.name || 'this product'}?`)) return;
    deleteOne.mutate(product.id, {
      onSuccess: () => toast({ title: 'Product Deleted', description: `${product.name || 'The product'} has been deleted.`, variant: 'success' }),
      onError: (e) => toast({ title: 'Failed to delete product', description: (e as Error).message, variant: 'destructive' }),
    });
  };

  const columns = useMemo<AdminColumn<AdminProduct>[]>(
    () => [
      { id: 'index', header: '#', meta: { className: 'num col-narrow' }, cell: ({ row }) => (page - 1) * PRODUCTS_PER_PAGE + row.index + 1 },
      { id: 'image', header: 'Image', cell: ({ row }) => <ProductThumb product={row.original} /> },
      { id: 'name', header: 'Name', cell: ({ row }) => <span className="clamp-2">{row.original.name.trim() || 'Unnamed Product'}</span> },
      { id: 'category', header: 'Category', cell: ({ row }) => row.original.category || 'Uncategorized' },
      { id: 'price', header: 'Price', meta: { className: 'num' }, cell: ({ row }) => formatINR(row.original.price) },
      { id: 'stock', header: 'Stock', meta: { className: 'num' }, cell: ({ row }) => <StockBadge quantity={row.original.stock_quantity} /> },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) =>
          row.original.stock_quantity > 0 ? (
            <span className="status status-delivered">In Stock</span>
          ) : (
            <span className="status status-cancelled">Out of Stock</span>
          ),
      },
      {
        id: 'waiting',
        header: 'Waiting',
        meta: { className: 'num' },
        cell: ({ row }) => <WaitingCount productId={row.original.id} />,
      },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <div className="row-actions">
            <Button size="sm" variant="ghost" onClick={() => onEdit(row.original)} aria-label={`Edit ${row.original.name || 'product'}`}>
              Edit
            </Button>
            {row.original.releaseDate && (
              <Button size="sm" variant="ghost" onClick={() => setBook(row.original)} aria-label={`Pre-orders of ${row.original.name || 'product'}`}>
                Pre-orders
              </Button>
            )}
            <Button size="sm" variant="danger" onClick={() => onDelete(row.original)} aria-label={`Delete ${row.original.name || 'product'}`}>
              Delete
            </Button>
          </div>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [onEdit, page],
  );

  return (
    <div className="stack">
      <PreorderBookDialog product={book} onClose={() => setBook(null)} />
      <Card
        title="Product Management"
        actions={
          <>
            <Button onClick={() => void downloadTemplate()}>Template</Button>
            <Button variant="primary" onClick={onAdd}>
              Add Product
            </Button>
            <Button variant="danger" onClick={onDeleteAll} disabled={deleteAll.isPending}>
              Delete All
            </Button>
            <Button onClick={onCleanup} disabled={cleanup.isPending}>
              Cleanup Invalid Products
            </Button>
          </>
        }
      >
        <p className="muted">
          <a href="#template" onClick={(e) => (e.preventDefault(), void downloadTemplate())}>
            Download CSV template
          </a>{' '}
          · <Link to="/upload-guide">Image upload guide</Link>
        </p>
      </Card>
      <BulkUploadPanel mode={mode} onModeChange={setMode} />
      <Card
        title="All Products"
        actions={
          <div className="totals" data-testid="product-totals">
            <span>
              Total <strong className="num">{formatCount(totals.total)}</strong>
            </span>
            <span>
              Valid <strong className="num">{formatCount(totals.valid)}</strong>
            </span>
            <span>
              Invalid <strong className="num">{formatCount(invalid)}</strong>
            </span>
          </div>
        }
      >
        {invalid > 0 && (
          <div className="warning-banner" role="status">
            {invalid} invalid products found (missing name, zero price or zero stock). Use Cleanup Invalid Products to remove them.
          </div>
        )}
        {error ? (
          <p className="error-text">{(error as Error).message}</p>
        ) : isLoading ? (
          <p className="muted">Loading products…</p>
        ) : (
          <>
            <DemandContext.Provider value={demand}>
              <DataTable
                data={products}
                columns={columns}
                getRowId={(p) => p.id}
                empty="No products found. Add a product to get started."
                testId="products-table"
              />
            </DemandContext.Provider>
            <Pager page={data?.page ?? page} totalPages={data?.totalPages ?? 1} onPage={setPage} />
          </>
        )}
      </Card>
    </div>
  );
}
