import { useId, type ReactNode } from 'react';
import { useModalDialog } from '../../ui/useModalDialog';

export interface PromptAction {
  label: string;
  /** A link leaves the app (external site); otherwise a button. */
  href?: string;
  onClick: () => void;
}

/**
 * A modal with a main action and 닫기, on the native <dialog> like ui/Dialog (focus
 * trap, Escape, focus back to the opener). Used for the join, subscription and
 * external-site prompts of the detail page (spec §2.3).
 */
export function PromptDialog({
  open,
  title,
  children,
  action,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  action: PromptAction;
  onClose: () => void;
}) {
  const ref = useModalDialog(open);
  const titleId = useId();
  const bodyId = useId();
  return (
    <dialog
      ref={ref}
      className="dialog prompt-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={onClose}
    >
      <div className="dialog-header">
        <h2 id={titleId}>{title}</h2>
      </div>
      <div className="dialog-body" id={bodyId}>
        {children}
      </div>
      <div className="dialog-footer actions">
        <button type="button" className="button" onClick={onClose}>
          닫기
        </button>
        {action.href ? (
          <a
            className="button button-primary"
            href={action.href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={action.onClick}
          >
            {action.label}
          </a>
        ) : (
          <button type="button" className="button button-primary" onClick={action.onClick}>
            {action.label}
          </button>
        )}
      </div>
    </dialog>
  );
}
