// Administrator payment routes (spec §2.5 items 4–5); RequireAdmin guards them in the router.
export { MgrPaymentPage } from './MgrPaymentPage';
export { MgrPaymentDetailPage } from './MgrPaymentDetailPage';
