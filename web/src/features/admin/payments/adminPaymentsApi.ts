import { api } from '../../../app/api';

/** Spec §3 "Admin payment row". */
export interface AdminPaymentRow {
  ORDER_ID: number;
  MERCHANT_UID: string;
  IMP_UID: string | null;
  NAME: string;
  ITEM_ID: number;
  USER_ID: number;
  AMOUNT: number;
  P_STATUS: string;
  O_STATUS: string;
  U_STATUS: string | null;
  REFUND: string | null;
  USEREMAIL: string | null;
  USERNAME: string | null;
  PG: string | null;
  PAY_METHOD: string | null;
  FAIL_REASON: string | null;
  CREATE_DATE: string | null;
}

/** Spec §3 "Order row (admin)". */
export interface AdminOrderRow {
  ORDER_ID: number;
  PASS_ID: number;
  MERCHANT_UID: string | null;
  ITEM_ID: number;
  NAME: string;
  START_DATE: string | null;
  END_DATE: string | null;
  LOCK_DATE: string | null;
  STATUS: string;
}

/** The banner of the member-orders screen (spec §2.5 item 3). */
export interface CurrentPlan {
  status: 'valid' | 'none';
  used: {
    START_DATE: string | null;
    END_DATE: string | null;
    USER_ID: number;
    STATUS: string;
    MERCHANT_UID: string | null;
    product: { ITEM_ID: number; NAME: string };
  } | null;
  subscription: { CUSTOMER_UID: string; STATUS: string; MERCHANT_UID: string | null } | null;
}

/** POST /subscribe/payments/admin-success: paid at PortOne (order completed) or still waiting there. */
export interface RecheckAnswer {
  code: 'success';
  status: 'success' | 'pending';
  merchant_uid: string;
}

export const PAYMENT_SEARCH_COLUMNS = [
  { value: 'USEREMAIL', label: '이메일' },
  { value: 'USERNAME', label: '이름' },
  { value: 'MERCHANT_UID', label: '주문번호' },
  { value: 'NAME', label: '상품명' },
] as const;

/** Administrator billing calls of spec §7.4 (the gateway lets only grade 0 through). */
export const adminPaymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    selectPaymentItems: build.query<
      { datas: AdminPaymentRow[]; totalCount: number },
      { userCol: string; searchName: string; pageNum: number; pageSize: number }
    >({
      query: (params) => ({ url: 'api/sys/selectPaymentItems', method: 'POST', body: { params } }),
      providesTags: ['Payment'],
    }),
    refundOrder: build.mutation<{ status: string; message: string }, { merchant_uid: string; reason: string }>({
      query: (data) => ({ url: 'api/sys/order/cancel', method: 'POST', body: { data } }),
      invalidatesTags: ['Payment', 'Order', 'Usage'],
    }),
    refundSubscription: build.mutation<{ status: string; message: string }, { merchant_uid: string; reason: string }>({
      query: (body) => ({ url: 'api/sys/subscribe/admin-cancel', method: 'POST', body }),
      invalidatesTags: ['Payment', 'Order', 'Usage'],
    }),
    /** Asks PortOne again about a payment left waiting (order STANDBY) and applies its answer. */
    recheckPayment: build.mutation<RecheckAnswer, { merchant_uid: string }>({
      query: (body) => ({ url: 'subscribe/payments/admin-success', method: 'POST', body }),
      invalidatesTags: ['Payment', 'Order', 'Usage'],
    }),
    selectUserOrderItems: build.query<
      { datas: AdminOrderRow[]; total: number } & CurrentPlan,
      { userId: number; pageNum: number; pageSize: number }
    >({
      query: (params) => ({ url: 'api/sys/selectUserOrderItems', method: 'POST', body: { params } }),
      providesTags: ['Order'],
    }),
    insertUserOrderItem: build.mutation<{ message: string }, { userId: number; orderType: number }>({
      query: (params) => ({ url: 'api/sys/insertUserOrderItem', method: 'POST', body: { params } }),
      invalidatesTags: ['Order', 'Payment', 'Usage'],
    }),
    cancelUserSubscription: build.mutation<{ message: string }, { userId: number; customer_uid?: string }>({
      query: (body) => ({ url: 'api/sys/subscribe/user-cancel', method: 'POST', body }),
      invalidatesTags: ['Order'],
    }),
  }),
});

export const {
  useSelectPaymentItemsQuery,
  useRefundOrderMutation,
  useRefundSubscriptionMutation,
  useRecheckPaymentMutation,
  useSelectUserOrderItemsQuery,
  useInsertUserOrderItemMutation,
  useCancelUserSubscriptionMutation,
} = adminPaymentsApi;
