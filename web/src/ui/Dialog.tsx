import { useId, type ReactNode } from 'react';
import { useModalDialog } from './useModalDialog';

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape
 * and returns focus to the opener, which is hard to get right by hand.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const ref = useModalDialog(open);
  const titleId = useId();
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onClose={onClose}>
      <div className="dialog-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label="닫기">
          ✕
        </button>
      </div>
      <div className="dialog-body">{children}</div>
      <div className="dialog-footer">
        <button type="button" className="button button-primary" onClick={onClose}>
          확인
        </button>
      </div>
    </dialog>
  );
}
