import type { ImportColumns } from '../api/check-import-columns';

const REQUIRED = new Set(['name', 'category', 'price']);

/**
 * Shown when the file's headers do not match the template: each template column takes one of the file's headers
 * (the required ones first), and the import sends that mapping.
 */
export function ColumnMapping({
  check,
  mapping,
  onChange,
}: {
  check: ImportColumns;
  mapping: Record<string, string>;
  onChange: (mapping: Record<string, string>) => void;
}) {
  const ordered = [...check.templateColumns].sort((a, b) => Number(REQUIRED.has(b)) - Number(REQUIRED.has(a)));
  return (
    <fieldset className="column-mapping" data-testid="column-mapping">
      <legend>Map your file&apos;s columns</legend>
      <p className="muted">
        {check.missing.length > 0
          ? `Your file has no ${check.missing.join(', ')} column. Choose which of its columns to use:`
          : 'All required columns are mapped.'}
      </p>
      <div className="form-grid">
        {ordered.map((column) => (
          <label key={column}>
            {column}
            {REQUIRED.has(column) ? ' *' : ''}
            <select
              aria-label={`Column for ${column}`}
              value={mapping[column] ?? check.columns[column] ?? ''}
              onChange={(e) => onChange({ ...mapping, [column]: e.target.value })}
            >
              <option value="">(not in the file)</option>
              {check.headers.map((h) => (
                <option key={h} value={h}>
                  {h}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
