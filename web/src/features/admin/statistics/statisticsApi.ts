import { api } from '../../../app/api';

/** A period of Korea Standard Time days, both ends included ('YYYY-MM-DD'). */
export interface Period {
  startDate: string;
  endDate: string;
}

export interface JoinDay {
  INS_DATE: string;
  JOIN_CNT: number;
  PAY_CNT: number;
  CNT: number;
  AMOUNT: number;
}
export interface ConnectDay {
  INS_DATE: string;
  CNT: number;
  USER_CNT: number;
  GUEST_CNT: number;
  LOGIN_CNT: number;
}
export interface SearchDay {
  INS_DATE: string;
  CNT: number;
  VIEW_CNT: number;
}
export interface WordCount {
  WORD: string;
  HANJA: string;
  CNT: number;
}

export interface JoinStatistic {
  datas: JoinDay[];
  totalUserCount: number;
  totalPaidUserCount: number;
}

/** The statistics calls of spec §7.4 (admin only; the gateway answers 403 to anyone else). */
export const statisticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    joinStatistic: build.query<JoinStatistic, Period>({
      query: (body) => ({ url: 'api/sys/selectUserJoinStatistic', method: 'POST', body }),
      providesTags: ['Statistic'],
    }),
    connectStatistic: build.query<{ datas: ConnectDay[] }, Period>({
      query: (body) => ({ url: 'api/sys/selectUserConnectStatistic', method: 'POST', body }),
      providesTags: ['Statistic'],
    }),
    searchStatistic: build.query<{ datas: SearchDay[] }, Period>({
      query: (body) => ({ url: 'api/sys/selectSearchStatistic', method: 'POST', body }),
      providesTags: ['Statistic'],
    }),
    searchWordStatistic: build.query<{ datas: WordCount[] }, Period & { searchCount: number }>({
      query: (body) => ({ url: 'api/sys/selectSearchWordStatistic', method: 'POST', body }),
      providesTags: ['Statistic'],
    }),
  }),
});

export const { useJoinStatisticQuery, useConnectStatisticQuery, useSearchStatisticQuery, useSearchWordStatisticQuery } =
  statisticsApi;
