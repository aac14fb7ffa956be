import { toast } from 'react-toastify/unstyled';

/** Toasts appear top-centre (spec §2.2); one helper so every feature words and times them alike. */
export const notify = {
  info: (message: string) => toast.info(message),
  success: (message: string) => toast.success(message),
  warn: (message: string) => toast.warning(message),
  /** One toast for one happening, however many places report it at once. */
  warnOnce: (id: string, message: string) => toast.warning(message, { toastId: id }),
  error: (message: string) => toast.error(message),
};
