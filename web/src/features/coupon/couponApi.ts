import { api } from '../../app/api';

/** Member coupon (spec §3). COUPON_NAME is the group's name; PRODUCT_NAME the pass it grants. */
export interface MemberCoupon {
  ID: number;
  COUPON_CODE: string;
  ISSUE_DATE: string | null;
  EXPIRED_DATE: string | null;
  STATUS: 'STANDBY' | 'USING' | 'COMPLETE' | 'PRESENT';
  COUPON_NAME: string;
  GROUP_ID: number;
  CATEGORY_ID: number;
  PRODUCT_NAME: string;
}

/** A row of the recipient / user search (masked for members, spec §2.4). */
export interface FoundUser {
  ID: number;
  USEREMAIL: string;
  USERNAME: string;
}

export interface UserSearchArgs {
  userCol: 'email' | 'name';
  searchName: string;
  pageSize: number;
  pageNum: number;
}

export interface ReferralRewards {
  joinCount: number;
  datas: { THRESHOLD: number; MONTHS: number; ITEM_ID: number; GRANTED: boolean; GRANT_DATE: string | null }[];
}

/** Member coupon calls (spec §7.3, §7.4 gift) and the shared recipient search. */
export const couponApi = api.injectEndpoints({
  endpoints: (build) => ({
    couponList: build.query<
      { totalCount: number; datas: MemberCoupon[] },
      { userId: number; pageSize: number; pageNum: number; searchName?: string }
    >({
      query: (body) => ({ url: 'api/coupon/list', method: 'POST', body }),
      providesTags: ['Coupon'],
    }),
    useCoupon: build.mutation<{ message: string }, { userId: number; couponId: number; couponCode: string }>({
      query: (body) => ({ url: 'api/coupon/use', method: 'POST', body }),
      invalidatesTags: ['Coupon', 'Usage', 'User'],
    }),
    presentCoupon: build.mutation<
      { message: string },
      { couponId: number; userId: number; targetUserId: number; status: 'PRESENT' }
    >({
      query: (body) => ({ url: 'api/sys/presentCouponItem', method: 'POST', body }),
      invalidatesTags: ['Coupon'],
    }),
    couponUserSearch: build.query<{ datas: FoundUser[]; searchTotal: number }, UserSearchArgs>({
      query: (body) => ({ url: 'api/sys/searchUserItems', method: 'POST', body: { ...body, userStatus: 'ALL' } }),
    }),
    referralRewards: build.query<ReferralRewards, void>({
      query: () => ({ url: 'api/coupon/referralRewards', method: 'POST', body: {} }),
      providesTags: ['Coupon'],
    }),
  }),
});

export const {
  useCouponListQuery,
  useUseCouponMutation,
  usePresentCouponMutation,
  useCouponUserSearchQuery,
  useReferralRewardsQuery,
} = couponApi;
