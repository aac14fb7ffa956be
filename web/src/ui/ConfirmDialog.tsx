import { useId } from 'react';
import { useModalDialog } from './useModalDialog';

/** A yes/no question on the native <dialog> (focus trap, Escape = cancel), for destructive actions. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useModalDialog(open);
  const titleId = useId();
  const messageId = useId();
  return (
    <dialog
      ref={ref}
      className="dialog"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onClose={onCancel}
    >
      <div className="dialog-header">
        <h2 id={titleId}>{title}</h2>
      </div>
      <div className="dialog-body">
        <p id={messageId}>{message}</p>
      </div>
      <div className="dialog-footer actions">
        <button type="button" className="button" onClick={onCancel} autoFocus>
          취소
        </button>
        <button type="button" className="button button-danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
