import { api } from '../../app/api';

/** GET /api/dic/search/dataset: what the loaded dictionary holds, counted from its index. */
export interface DatasetSource {
  id: string;
  name: string;
  license: string | null;
  licenseUrl: string | null;
  url: string | null;
  /** In Korean, keeping the licence names. */
  attribution: string;
  /** The licence's prescribed attribution, verbatim (lines split by \n), or null. */
  notice: string | null;
}

export interface DatasetInfo {
  headwords: number;
  relations: number;
  sources: DatasetSource[];
  generated: boolean;
  importedAt: string | null;
}

const datasetApi = api.injectEndpoints({
  endpoints: (build) => ({
    datasetInfo: build.query<DatasetInfo, void>({
      query: () => 'api/dic/search/dataset',
      // The figures change only when an operator loads another dataset.
      keepUnusedDataFor: 600,
    }),
  }),
});

export const { useDatasetInfoQuery } = datasetApi;
