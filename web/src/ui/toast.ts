import type { Id, toast as toastApi } from 'react-toastify/unstyled';

type ToastApi = typeof toastApi;

/**
 * react-toastify loads after the first paint: no page needs it to show, and it would otherwise be
 * part of the first download. Toasts asked for before it arrives are shown, in order, once it has.
 */
let loaded: ToastApi | null = null;
let loading: Promise<ToastApi> | null = null;
const waiting: ((toast: ToastApi) => void)[] = [];

/** Warnings and errors on screen, with when each appeared. */
const complaints = new Map<Id, number>();

export function loadToastLibrary(): Promise<ToastApi> {
  loading ??= import('react-toastify/unstyled').then(({ toast }) => {
    toast.onChange((item) => {
      if (item.status === 'removed') complaints.delete(item.id);
    });
    loaded = toast;
    for (const run of waiting.splice(0)) run(toast);
    return toast;
  });
  return loading;
}

function withToast(run: (toast: ToastApi) => void): void {
  if (loaded) {
    run(loaded);
    return;
  }
  waiting.push(run);
  void loadToastLibrary();
}

function complain(show: (toast: ToastApi) => Id): void {
  withToast((toast) => complaints.set(show(toast), Date.now()));
}

/** Earlier warnings and errors no longer apply once something went through. */
function clearComplaints(olderThanMs = 0): void {
  withToast((toast) => {
    const now = Date.now();
    for (const [id, at] of complaints) {
      if (now - at < olderThanMs) continue;
      toast.dismiss(id);
      complaints.delete(id);
    }
  });
}

/** A warning shown just before a redirect explains the redirect; older ones belong to the page left. */
const REDIRECT_MESSAGE_MS = 1000;

/** Toasts appear top-centre (spec §2.2); one helper so every feature words and times them alike. */
export const notify = {
  info: (message: string) => {
    clearComplaints();
    withToast((toast) => toast.info(message));
  },
  success: (message: string) => {
    clearComplaints();
    withToast((toast) => toast.success(message));
  },
  warn: (message: string) => complain((toast) => toast.warning(message)),
  /** One toast for one happening, however many places report it at once. */
  warnOnce: (id: string, message: string) => complain((toast) => toast.warning(message, { toastId: id })),
  error: (message: string) => complain((toast) => toast.error(message)),
  /** The step they were about is behind the person now (a form's next step): its warnings go. */
  stepDone: () => clearComplaints(),
  /** The page changed: its warnings go, except one raised for the move itself (a redirect's reason). */
  pageChanged: () => clearComplaints(REDIRECT_MESSAGE_MS),
};
