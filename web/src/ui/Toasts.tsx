import { Bounce, ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';

/** The toast region, top-centre; the unstyled build + its CSS file keeps the styles out of inline <style> tags. */
export function Toasts() {
  return (
    <ToastContainer
      position="top-center"
      autoClose={3000}
      newestOnTop
      closeOnClick
      pauseOnFocusLoss
      pauseOnHover
      transition={Bounce}
      closeButton={false}
      limit={3}
    />
  );
}
