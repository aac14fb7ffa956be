// The payment feature's routes (spec §2.1): the router imports these names lazily.
export { PaymentPage } from './PaymentPage';
export { UsagePage } from './UsagePage';
export { OrderPage } from './OrderPage';
export { PayMobilePage, SubscribeMobileBillingsPage } from './MobileResultPages';
