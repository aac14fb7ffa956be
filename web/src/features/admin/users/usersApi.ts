import { api } from '../../../app/api';

/** Admin user row (spec §3): STATUS START = basic plan, otherwise free; CHECK_EMAIL T/F. */
export interface AdminUserRow {
  ID: number;
  USEREMAIL: string;
  USERNAME: string;
  PHONENUMBER: string;
  STATUS: string;
  CREATED_DATE: string;
  CHECK_EMAIL: 'T' | 'F';
}

export interface UserSearchParams {
  userStatus: 'ALL' | 'FREE' | 'BASIC';
  userCol: 'email' | 'name';
  searchName: string;
  pageSize: number;
  pageNum: number;
}

export interface UserSearchResult {
  datas: AdminUserRow[];
  searchTotal: number;
  userTotal: number;
  paidTotal: number;
  freeTotal: number;
}

export interface AdminUserDetail {
  ID: number;
  USEREMAIL: string;
  USERNAME: string;
  PHONENUMBER: string;
  CHECK_EMAIL: 'T' | 'F';
  GRADE: number;
  STATUS: string;
  ITEM_ID: number | null;
  CREATED_DATE: string;
}

export interface SearchHistory {
  datas: Array<{ WORD: string; RESULT_CNT: number; SEARCH_DATE: string }>;
  totalCount: number;
  totalPages: number;
  searchTotal: number;
}

/** Member management (account service, spec §7.4) and a member's recent searches (statistics service). */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchUsers: build.query<UserSearchResult, UserSearchParams>({
      query: (body) => ({ url: 'api/sys/searchUserItems', method: 'POST', body }),
      providesTags: ['AdminUser'],
    }),
    userDetail: build.query<{ data: AdminUserDetail }, number>({
      query: (userId) => ({ url: 'api/sys/selectUserItems', method: 'POST', body: { userId } }),
      providesTags: (_result, _error, userId) => [{ type: 'AdminUser', id: userId }],
    }),
    updateUser: build.mutation<{ message: string }, { userId: number; userCheckEmail: 'T' | 'F'; grade: number }>({
      query: (body) => ({ url: 'api/sys/updateUserItem', method: 'POST', body }),
      invalidatesTags: ['AdminUser'],
    }),
    deleteUser: build.mutation<{ message: string }, number>({
      query: (userId) => ({ url: 'api/sys/deleteUserItem', method: 'POST', body: { userId } }),
      invalidatesTags: ['AdminUser', 'Statistic'],
    }),
    userSearchHistory: build.query<SearchHistory, { userId: number; pageSize: number; pageNum: number }>({
      query: (body) => ({ url: 'api/sys/selectUserSearchHistory', method: 'POST', body }),
      providesTags: ['Statistic'],
    }),
  }),
});

export const {
  useSearchUsersQuery,
  useUserDetailQuery,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useUserSearchHistoryQuery,
} = usersApi;
