import { api } from '../../app/api';

/** A product (spec §3 "Order item"); AMOUNT = PRICE × PROPERTY_ID months, won, VAT included. */
export interface Product {
  ITEM_ID: number;
  NAME: string;
  PRICE: number;
  PROPERTY_ID: number;
  TYPE: string;
  AMOUNT: number;
}

/** Spec §3 "Used item" (a pass). */
export interface UsedItem {
  PASS_ID: number;
  ITEM_ID: number;
  USER_ID: number;
  START_DATE: string | null;
  END_DATE: string | null;
  LOCK_DATE: string | null;
  UPDATE_DATE: string | null;
  STATUS: string;
  NAME: string;
  MERCHANT_UID: string | null;
}

/** Spec §3 "Payment" (member payment history). STATUS is the payment status word. */
export interface PaymentItem {
  ORDER_ID: number;
  MERCHANT_UID: string;
  NAME: string;
  ITEM_ID: number;
  AMOUNT: number;
  STATUS: string;
  O_STATUS: string;
  REFUND: string | null;
  PG: string | null;
  PAY_METHOD: string | null;
  CREATE_DATE: string | null;
  UPDATE_DATE: string | null;
}

export interface PayClientConfig {
  impCode: string;
  scriptUrl: string;
}

export interface UsedState {
  status: 'valid' | 'none';
  used: UsedItem | null;
}

/** GET /api/used/isUsedRemain: the pass in use, how many days it has left and whether it renews. */
export interface UsedRemain extends UsedState {
  /** Days left of the whole service: passes queued after the one in use count too. */
  remainDays: number;
  /** When the service ends (yyyy-mm-dd), after every queued pass. */
  serviceEndDate: string | null;
  autoRenew: boolean;
}

export interface SubscriptionInfo {
  CUSTOMER_UID: string;
  ITEM_ID: number;
  STATUS: string;
  /** The subscription's current pass: START or STANDBY while its paid days run. */
  PASS_STATUS: string | null;
  START_DATE: string | null;
  END_DATE: string | null;
  NEXT_PAY_DATE: string | null;
  remainDays: number;
}

/** POST /api/used/onOff: auto-renewal of the member's own subscription. */
export interface AutoRenewAnswer {
  status: string;
  autoRenew: boolean;
  message: string;
  nextPayDate: string | null;
  endDate: string | null;
}

export interface Paged<T> {
  total: number;
  datas: T[];
}

export interface PageArgs {
  pageNum: number;
  pageSize: number;
}

/** Member payment calls of spec §7.3 (billing service, through the gateway). */
export const paymentApi = api.injectEndpoints({
  endpoints: (build) => ({
    payConfig: build.query<PayClientConfig, void>({ query: () => 'api/pay/config' }),
    /** Every purchasable product: the administrator's new-order selector. */
    products: build.query<Product[], void>({
      query: () => 'api/pay/products',
      transformResponse: (body: { orderItems: Product[] }) => body.orderItems,
    }),
    /** Spec §7.2 selectOrderItems: what the purchase page lists (§9: item 6 only, item 3 hidden). */
    listedProducts: build.query<Product[], void>({
      query: () => ({ url: 'api/dic/order/selectOrderItems', method: 'POST', body: {} }),
      transformResponse: (body: { orderItems: Product[] }) => body.orderItems,
    }),
    isUsed: build.query<UsedState, number>({
      query: (id) => ({ url: 'api/used/isUsed', params: { id } }),
      providesTags: ['Usage'],
    }),
    isUsedRemain: build.query<UsedRemain, void>({
      query: () => 'api/used/isUsedRemain',
      providesTags: ['Usage'],
    }),
    usedList: build.query<Paged<UsedItem>, PageArgs & { userId: number }>({
      query: (body) => ({ url: 'api/used/usedList', method: 'POST', body }),
      providesTags: ['Usage'],
    }),
    paymentLists: build.query<Paged<PaymentItem>, PageArgs & { userId: number }>({
      query: (body) => ({ url: 'api/used/paymentLists', method: 'POST', body }),
      providesTags: ['Order'],
    }),
    subscriptionInfo: build.query<SubscriptionInfo | null, { userId: number }>({
      query: ({ userId }) => ({ url: 'subscribe/info', method: 'POST', body: { item_id: 6, user_id: userId } }),
      transformResponse: (body: { code: string; data: SubscriptionInfo | null }) =>
        body.code === 'success' ? body.data : null,
      providesTags: ['Order'],
    }),
    createOrder: build.mutation<
      { merchant_uid: string; amount: number; name: string },
      { id: number; title: string; amount: number; type: string; pg: string; pay_method: string; user: number }
    >({
      query: (body) => ({ url: 'api/pay/order/create', method: 'POST', body }),
    }),
    completeOrder: build.mutation<{ status: string }, { imp_uid?: string; merchant_uid: string; imp_success?: string }>(
      {
        query: (body) => ({ url: 'api/pay/order/complete', method: 'POST', body }),
      },
    ),
    failOrder: build.mutation<{ status: string }, { imp_uid?: string | null; merchant_uid: string; error_msg: string }>(
      {
        query: (body) => ({ url: 'api/pay/order/fail', method: 'POST', body }),
      },
    ),
    usedSuccess: build.mutation<{ status: string; redirect: string }, { merchant_uid: string; user: number }>({
      query: (body) => ({ url: 'api/pay/order/usedSuccess', method: 'POST', body }),
      invalidatesTags: ['Usage', 'Order'],
    }),
    cancelOrder: build.mutation<{ status: string }, { merchant_uid: string; reason: string }>({
      query: (body) => ({ url: 'api/pay/order/cancel', method: 'POST', body }),
      invalidatesTags: ['Usage', 'Order'],
    }),
    generateMerchantUid: build.mutation<{ merchant_uid: string; customer_uid: string }, void>({
      query: () => ({ url: 'subscribe/generate-merchant-uid', method: 'GET' }),
    }),
    initializeSubscription: build.mutation<{ code: string }, { merchant_uid: string; item: number; user: number }>({
      query: ({ merchant_uid, item, user }) => ({
        url: 'subscribe/payments/initializeDatabase',
        method: 'POST',
        body: { paymentData: { merchant_uid }, item, user },
      }),
    }),
    subscribeBillings: build.mutation<
      { code: string; message: string },
      { merchant_uid: string; customer_uid?: string; imp_uid?: string; imp_success?: string }
    >({
      query: (paymentDataFromPG) => ({
        url: 'subscribe/basic-billings',
        method: 'POST',
        body: { paymentDataFromPG },
      }),
      invalidatesTags: ['Usage', 'Order'],
    }),
    cancelSubscription: build.mutation<{ code: string; message: string }, { customer_uid: string; reason: string }>({
      query: (body) => ({ url: 'subscribe/user-cancel-subscribe', method: 'POST', body }),
      invalidatesTags: ['Usage', 'Order'],
    }),
    setAutoRenew: build.mutation<AutoRenewAnswer, 'ON' | 'OFF'>({
      query: (onOff) => ({ url: 'api/used/onOff', method: 'POST', body: { onOff } }),
      invalidatesTags: ['Usage', 'Order'],
    }),
  }),
});

export const {
  usePayConfigQuery,
  useProductsQuery,
  useListedProductsQuery,
  useIsUsedQuery,
  useIsUsedRemainQuery,
  useUsedListQuery,
  usePaymentListsQuery,
  useSubscriptionInfoQuery,
  useCreateOrderMutation,
  useCompleteOrderMutation,
  useFailOrderMutation,
  useUsedSuccessMutation,
  useCancelOrderMutation,
  useGenerateMerchantUidMutation,
  useInitializeSubscriptionMutation,
  useSubscribeBillingsMutation,
  useCancelSubscriptionMutation,
  useSetAutoRenewMutation,
} = paymentApi;
