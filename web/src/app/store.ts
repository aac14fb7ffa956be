import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { authSlice } from '../features/account/authSlice';
import { dictionarySlice } from '../features/dictionary/dictionarySlice';
import { api } from './api';

/**
 * Slices of lazy-loaded features (coupon state, admin filters …) join later
 * with `rootReducer.inject(slice)` from their own module, declared in
 * `LazyLoadedSlices` by module augmentation, so the initial bundle stays small.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(api, authSlice, dictionarySlice).withLazyLoadedSlices<LazyLoadedSlices>();

export function makeStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
