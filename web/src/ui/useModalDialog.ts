import { useEffect, useRef, type RefObject } from 'react';

/**
 * The ref for a `<dialog>` shown as a modal (focus trapped, the page inert) while `open` is true and
 * closed when it turns false. `onOpen` runs just before it opens (e.g. to clear a field).
 */
export function useModalDialog(open: boolean, onOpen?: () => void): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      onOpen?.();
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, onOpen]);
  return ref;
}
