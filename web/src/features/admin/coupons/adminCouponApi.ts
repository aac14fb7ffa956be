import { api } from '../../../app/api';

/** Spec §3 coupon group. */
export interface CouponGroupRow {
  ID: number;
  COUPON_NAME: string;
  CATEGORY_ID: number;
  TOTAL_COUNT: number;
  USED_COUNT: number;
  CREATE_DATE: string;
  NOTE: string;
  product: { ITEM_ID: number; NAME: string };
}

/** Spec §3 coupon (admin). */
export interface AdminCouponRow {
  ID: number;
  GROUP_ID: number;
  COUPON_CODE: string;
  STATUS: 'STANDBY' | 'USING' | 'COMPLETE' | 'PRESENT';
  USER_ID: number | null;
  ISSUE_DATE: string | null;
  USED_DATE: string | null;
  EXPIRED_DATE: string | null;
  USEREMAIL: string | null;
  USERNAME: string | null;
  /** Its member withdrew: nobody holds it any more. */
  OWNER_WITHDRAWN: boolean;
  COUPON_NAME: string;
  CATEGORY_ID: number;
  product: { ITEM_ID: number; NAME: string };
}

export interface Message {
  message: string;
}

/** Administrator coupon calls (spec §7.4), billing service. */
export const adminCouponApi = api.injectEndpoints({
  endpoints: (build) => ({
    couponGroups: build.query<
      { totalCount: number; datas: CouponGroupRow[] },
      { couponStatus: string; searchName: string; pageSize: number; pageNum: number; groupId?: number }
    >({
      query: (body) => ({ url: 'api/sys/selectCouponGroupItems', method: 'POST', body }),
      providesTags: ['CouponGroup'],
    }),
    checkCouponOverlap: build.mutation<{ error: boolean; message: string }, { couponName: string; groupId?: number }>({
      query: (body) => ({ url: 'api/sys/checkCouponOverlap', method: 'POST', body }),
    }),
    insertCouponGroup: build.mutation<
      Message & { totalCount: number; groupId: number },
      { userId: number; couponType: number; couponName: string; note: string; createCount: number }
    >({
      query: (body) => ({ url: 'api/sys/insertCouponGroupItem', method: 'POST', body }),
      invalidatesTags: ['CouponGroup'],
    }),
    updateCouponGroup: build.mutation<Message, { couponGroupId: number; couponName: string; note: string }>({
      query: (body) => ({ url: 'api/sys/updateCouponGroupItem', method: 'POST', body }),
      invalidatesTags: ['CouponGroup'],
    }),
    groupCoupons: build.query<
      { totalCount: number; datas: AdminCouponRow[]; group: CouponGroupRow },
      { couponGroupId: number; couponStatus: string; pageSize: number; pageNum: number; couponId?: number }
    >({
      query: (body) => ({ url: 'api/sys/selectCouponItems', method: 'POST', body }),
      providesTags: ['CouponGroup', 'Coupon'],
    }),
    insertCoupons: build.mutation<
      Message & { totalCount: number },
      { userId: number; couponGroupId: number; createCount: number }
    >({
      query: (body) => ({ url: 'api/sys/insertCouponItems', method: 'POST', body }),
      invalidatesTags: ['CouponGroup', 'Coupon'],
    }),
    deleteCoupon: build.mutation<Message, { couponId: number; groupId: number }>({
      query: (body) => ({ url: 'api/sys/deleteCouponItem', method: 'POST', body }),
      invalidatesTags: ['CouponGroup', 'Coupon'],
    }),
    updateCoupon: build.mutation<Message, { couponId: number; userId?: number; status: string; issueDate?: string }>({
      query: (body) => ({ url: 'api/sys/updateCouponItem', method: 'POST', body }),
      invalidatesTags: ['CouponGroup', 'Coupon'],
    }),
  }),
});

export const {
  useCouponGroupsQuery,
  useCheckCouponOverlapMutation,
  useInsertCouponGroupMutation,
  useUpdateCouponGroupMutation,
  useGroupCouponsQuery,
  useInsertCouponsMutation,
  useDeleteCouponMutation,
  useUpdateCouponMutation,
} = adminCouponApi;

/** Coupon types = catalogue items a coupon grants (billing migration 001). */
export const COUPON_TYPES = [
  { value: 1, label: '1개월 이용권' },
  { value: 2, label: '3개월 이용권' },
  { value: 3, label: '12개월 이용권' },
  { value: 4, label: '1주 무료 이용권' },
];

export const ADMIN_STATUS_WORDS: Record<string, string> = {
  STANDBY: '미사용',
  USING: '사용 가능',
  COMPLETE: '사용 완료',
  PRESENT: '선물 완료',
};

export const COUPON_LOAD_ERROR = '쿠폰 정보를 불러오는 중에 오류가 발생하였습니다. 다시 시도해 주세요.';
export const NO_COUPON = '쿠폰 정보가 존재하지 않습니다.';
