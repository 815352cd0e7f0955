import { Button } from './button';

interface FormDialogFooterProps {
  /** The form's refusal, announced above the buttons. */
  error?: string | null;
  onCancel(): void;
  busy: boolean;
  submitLabel: string;
}

/** The last lines of a create/edit dialog's form: its error, then Cancel and the submit button. */
export function FormDialogFooter({ error, onCancel, busy, submitLabel }: FormDialogFooterProps) {
  return (
    <>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-footer">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
