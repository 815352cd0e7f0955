import { rowSelectionFeature, tableFeatures, useTable, type ColumnDef, type RowSelectionState } from '@tanstack/react-table';
import type { ReactNode } from 'react';

export const selectableFeatures = tableFeatures({ rowSelectionFeature });
export type SelectableFeatures = typeof selectableFeatures;
export type AdminColumn<T extends Record<string, any>> = ColumnDef<SelectableFeatures, T, any>;

/** A dense table with a sticky header; optional controlled row selection keyed by row id. */
export function DataTable<T extends Record<string, any>>({
  data,
  columns,
  getRowId,
  rowSelection,
  onRowSelectionChange,
  empty,
  testId,
}: {
  data: T[];
  columns: AdminColumn<T>[];
  getRowId: (row: T) => string;
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: (next: RowSelectionState) => void;
  empty: ReactNode;
  testId?: string;
}) {
  const table = useTable({
    features: selectableFeatures,
    columns,
    data,
    getRowId: (row: T) => getRowId(row),
    enableRowSelection: Boolean(onRowSelectionChange),
    state: { rowSelection: rowSelection ?? {} },
    onRowSelectionChange: (updater) => {
      if (!onRowSelectionChange) return;
      onRowSelectionChange(typeof updater === 'function' ? updater(rowSelection ?? {}) : updater);
    },
  });
  return (
    <div className="table-wrap" data-testid={testId}>
      <table className="table">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} className={(header.column.columnDef.meta as { className?: string } | undefined)?.className}>
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.length === 0 ? (
            <tr>
              <td className="table-empty" colSpan={columns.length}>
                {empty}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id} className={row.getIsSelected() ? 'selected' : undefined} data-row-id={row.id}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className={(cell.column.columnDef.meta as { className?: string } | undefined)?.className}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
