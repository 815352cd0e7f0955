/** A form's row of actions: its submit button (disabled, with `pendingLabel`, while the request runs) and Cancel. */
export function FormActions({
  label,
  pending,
  pendingLabel = 'Saving…',
  onCancel,
}: {
  label: string;
  pending: boolean;
  pendingLabel?: string;
  onCancel: () => void;
}) {
  return (
    <div className="row">
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? pendingLabel : label}
      </button>
      <button type="button" className="button button--ghost" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
