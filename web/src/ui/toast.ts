import { toast, type Id } from 'react-toastify/unstyled';

/** Warnings and errors on screen, with when each appeared. */
const complaints = new Map<Id, number>();

function complain(show: () => Id): Id {
  const id = show();
  complaints.set(id, Date.now());
  return id;
}

/** Earlier warnings and errors no longer apply once something went through. */
function clearComplaints(olderThanMs = 0): void {
  const now = Date.now();
  for (const [id, at] of complaints) {
    if (now - at < olderThanMs) continue;
    toast.dismiss(id);
    complaints.delete(id);
  }
}

toast.onChange((item) => {
  if (item.status === 'removed') complaints.delete(item.id);
});

/** A warning shown just before a redirect explains the redirect; older ones belong to the page left. */
const REDIRECT_MESSAGE_MS = 1000;

/** Toasts appear top-centre (spec §2.2); one helper so every feature words and times them alike. */
export const notify = {
  info: (message: string) => {
    clearComplaints();
    return toast.info(message);
  },
  success: (message: string) => {
    clearComplaints();
    return toast.success(message);
  },
  warn: (message: string) => complain(() => toast.warning(message)),
  /** One toast for one happening, however many places report it at once. */
  warnOnce: (id: string, message: string) => complain(() => toast.warning(message, { toastId: id })),
  error: (message: string) => complain(() => toast.error(message)),
  /** The step they were about is behind the person now (a form's next step): its warnings go. */
  stepDone: () => clearComplaints(),
  /** The page changed: its warnings go, except one raised for the move itself (a redirect's reason). */
  pageChanged: () => clearComplaints(REDIRECT_MESSAGE_MS),
};
