import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Dictionary state of spec §3: the keyword being searched and the result page (zero-based, as in the calls). */
export interface DictionaryState {
  searchWord: string;
  searchPage: number;
}

const initialState: DictionaryState = { searchWord: '', searchPage: 0 };

export const dictionarySlice = createSlice({
  name: 'dictionary',
  initialState,
  reducers: {
    searchStarted(state, action: PayloadAction<string>) {
      state.searchWord = action.payload;
      state.searchPage = 0;
    },
    searchPageChanged(state, action: PayloadAction<number>) {
      state.searchPage = action.payload;
    },
  },
  selectors: {
    selectSearchWord: (state) => state.searchWord,
    selectSearchPage: (state) => state.searchPage,
  },
});

export const { searchStarted, searchPageChanged } = dictionarySlice.actions;
export const { selectSearchWord, selectSearchPage } = dictionarySlice.selectors;
