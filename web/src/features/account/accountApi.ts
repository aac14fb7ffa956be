import { api } from '../../app/api';
import { toStoredUser, type StoredUser } from './storedUser';

export interface ValidateResult {
  user: StoredUser | null;
  /** The server answered that the stored user is not (or no longer) valid. */
  rejected: boolean;
}

/** Every success body of the account service carries a Korean message. */
export interface MessageResult {
  message: string;
}

export interface JoinPayload {
  name: string;
  email: string;
  phone: string;
  password: string;
  passwordConfirm: string;
  agreePrivacy: boolean;
  agreeTerms: boolean;
  recommendUser: string;
  recommendUserId: number | null;
  recommendType: 'NORMAL' | 'MESSENGER';
}

/** User of the account screens (spec §3). */
export interface AccountUser {
  id: number;
  userEmail: string;
  userName: string;
  userPhone: string;
  status: string;
}

/** Legacy pay-history item (spec §3). */
export interface PayHistoryItem {
  SDATE: string;
  EDATE: string;
  CURSTAT: 'Y' | 'N' | string;
  TRANSFER: 'Y' | null;
}

export interface LegacyHistory {
  results: { payHistoryItems: PayHistoryItem[] };
  remainedDay: number;
}

/** The account calls (spec §7.1 plus the service's documented additions). */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/user/validate (spec §7.1): the stored user in, `{ user, status, item }` out. */
    validateUser: build.mutation<ValidateResult, StoredUser>({
      query: (user) => ({ url: 'api/user/validate', method: 'POST', body: user }),
      transformResponse: (body: unknown, _meta, sent): ValidateResult => {
        if (typeof body !== 'object' || body === null || (body as { error?: unknown }).error === true) {
          return { user: null, rejected: true };
        }
        const { user, status, item } = body as { user?: unknown; status?: unknown; item?: unknown };
        const merged = toStoredUser({
          ...sent,
          ...(typeof user === 'object' && user !== null ? user : {}),
          ...(status !== undefined ? { status } : {}),
          ...(item !== undefined ? { item } : {}),
        });
        return { user: merged, rejected: merged === null };
      },
    }),
    /** GET /api/user/logout. */
    logout: build.mutation<void, void>({
      query: () => ({ url: 'api/user/logout', method: 'GET' }),
    }),
    /** POST /api/user/login: the stored user (with curKey) and the session cookie. */
    login: build.mutation<StoredUser | null, { email: string; password: string }>({
      query: (body) => ({ url: 'api/user/login', method: 'POST', body }),
      transformResponse: (body: { user?: unknown }) => toStoredUser(body.user),
    }),
    join: build.mutation<MessageResult & { registered: boolean }, JoinPayload>({
      query: (body) => ({ url: 'api/user/join', method: 'POST', body }),
    }),
    checkRecommendUserInfo: build.mutation<MessageResult & { userInfo: number }, { recommendUser: string }>({
      query: (body) => ({ url: 'api/user/checkRecommendUserInfo', method: 'POST', body }),
    }),
    confirmEmail: build.mutation<MessageResult, { secretId: string; secretKey: string }>({
      query: (body) => ({ url: 'api/user/confirm', method: 'POST', body }),
    }),
    /** Resend the verification mail (/recertify, /certify). */
    certify: build.mutation<MessageResult, { email: string }>({
      query: (body) => ({ url: 'api/user/certify', method: 'POST', body }),
    }),
    /** Password-reset mail. */
    find: build.mutation<MessageResult, { email: string }>({
      query: (body) => ({ url: 'api/user/find', method: 'POST', body }),
    }),
    changePasswordByMail: build.mutation<
      MessageResult,
      { secretId: string; secretKey: string; password: string; passwordConfirm: string }
    >({
      query: (body) => ({ url: 'api/user/change', method: 'POST', body }),
    }),
    updateUserConnectInfo: build.mutation<MessageResult & { authKey: string }, { userId: number; userAuthKey: string }>(
      {
        query: (params) => ({ url: 'api/user/updateUserConnectInfo', method: 'POST', body: params }),
      },
    ),
    changePassword: build.mutation<
      MessageResult,
      { userId: number; oldPassword: string; newPassword: string; newPasswordConfirm: string }
    >({
      query: (body) => ({ url: 'api/user/updateUserInfo', method: 'POST', body }),
    }),
    withdraw: build.mutation<
      MessageResult,
      {
        userId: number;
        userPw: string;
        userEmail: string;
        userName: string;
        reasonMain: string;
        reasonSub: string;
        agreement: 'T' | 'F';
      }
    >({
      query: (params) => ({ url: 'api/user/insertUserCancelInfo', method: 'POST', body: params }),
    }),
    /** The argument is the signed-in member's id: it only keys the cache, so another member never sees it. */
    getUserInfo: build.query<AccountUser, number>({
      query: () => ({ url: 'api/user/getUserInfo', method: 'POST' }),
      transformResponse: (body: { user: AccountUser }) => body.user,
      providesTags: ['User'],
    }),
    updateUserProfile: build.mutation<MessageResult & { user: AccountUser }, { userName: string; userPhone: string }>({
      query: (body) => ({ url: 'api/user/updateUserProfile', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    searchPrevUserInfo: build.mutation<LegacyHistory, { userId: string; userPw: string }>({
      query: (params) => ({ url: 'api/user/searchPrevUserInfo', method: 'POST', body: params }),
    }),
    combinePrevUserInfo: build.mutation<
      MessageResult & { remainedDay: number; bonusMonths: number },
      { userId: number; prevUserId: string; remainedDay: number; startDate: string; endDate: string; agreement: 'T' }
    >({
      query: (params) => ({ url: 'api/user/combinePrevUserInfo', method: 'POST', body: params }),
      invalidatesTags: ['User', 'Usage'],
    }),
  }),
});

export const {
  useLoginMutation,
  useJoinMutation,
  useCheckRecommendUserInfoMutation,
  useConfirmEmailMutation,
  useCertifyMutation,
  useFindMutation,
  useChangePasswordByMailMutation,
  useUpdateUserConnectInfoMutation,
  useChangePasswordMutation,
  useWithdrawMutation,
  useGetUserInfoQuery,
  useUpdateUserProfileMutation,
  useSearchPrevUserInfoMutation,
  useCombinePrevUserInfoMutation,
} = accountApi;
