import { cancelReason } from '@syn/kit/rules';
import { useCallback, useId, useState } from 'react';
import { useModalDialog } from '../../ui/useModalDialog';

/**
 * A modal asking for an optional reason (spec §5: cancel reason optional). Native <dialog>: the
 * browser traps focus, closes on Escape and gives focus back to the opener.
 */
export function ReasonDialog({
  open,
  title,
  description,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  // Each opening starts with an empty reason.
  const clearReason = useCallback(() => setReason(''), []);
  const ref = useModalDialog(open, clearReason);
  const ids = { title: useId(), reason: useId() };
  return (
    <dialog ref={ref} className="pay-dialog" aria-labelledby={ids.title} onClose={onClose}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = cancelReason.safeParse(reason);
          onConfirm(parsed.success ? (parsed.data ?? '') : reason.slice(0, 500));
        }}
      >
        <h2 id={ids.title}>{title}</h2>
        <p>{description}</p>
        <div className="field">
          <label htmlFor={ids.reason}>사유 (선택)</label>
          <textarea
            id={ids.reason}
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <div className="actions">
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            닫기
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
