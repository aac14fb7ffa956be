import { errorMessage } from '../../app/api';
import type { AppDispatch, RootState } from '../../app/store';
import { notify } from '../../ui/toast';
import { accountApi } from './accountApi';
import {
  authenticated,
  emailAuthenticatedChanged,
  loggedOut,
  passwordChangedByMail,
  registeredChanged,
} from './authSlice';
import { clearStoredUser, readStoredUser, writeStoredUser, type StoredUser } from './storedUser';

/** True when an error body says another device took over the account (spec §8 authKeyError). */
export function isDuplicateLogin(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('data' in error)) return false;
  const data = (error as { data: unknown }).data;
  return typeof data === 'object' && data !== null && (data as { authKeyError?: unknown }).authKeyError === true;
}

/**
 * Re-validates the stored user with the server (spec §2.1: dictionary pages do
 * this when they open). A rejection logs out and forgets the stored user; a
 * server that cannot be reached leaves the visitor a guest for now but keeps
 * the stored user, so the next dictionary page tries again.
 */
export function revalidateStoredUser() {
  return async (dispatch: AppDispatch): Promise<void> => {
    const stored = readStoredUser();
    if (!stored) {
      dispatch(loggedOut());
      return;
    }
    const result = await dispatch(accountApi.endpoints.validateUser.initiate(stored, { track: false }));
    if ('data' in result && result.data) {
      if (result.data.user) {
        writeStoredUser(result.data.user);
        dispatch(authenticated(result.data.user));
        return;
      }
      clearStoredUser();
      dispatch(loggedOut());
      return;
    }
    const status = 'error' in result && result.error && 'status' in result.error ? result.error.status : null;
    if (typeof status === 'number' && status >= 400 && status < 500) clearStoredUser();
    // Logged out because another device logged in: say so, or the member would not know why.
    if ('error' in result && isDuplicateLogin(result.error)) {
      notify.warn(errorMessage(result.error, '다른 기기에서 로그인하여 로그아웃되었습니다.'));
    }
    dispatch(loggedOut());
  };
}

/** Logs out on the server (best effort) and forgets the stored user. */
export function logout() {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<void> => {
    const wasAuthenticated = getState().auth.authenticated;
    clearStoredUser();
    dispatch(loggedOut());
    if (wasAuthenticated) await dispatch(accountApi.endpoints.logout.initiate(undefined, { track: false }));
  };
}

/** The end of a successful login (after the device check): store the user, clear the one-shot flags. */
export function signedIn(user: StoredUser) {
  return (dispatch: AppDispatch): void => {
    writeStoredUser(user);
    dispatch(registeredChanged(false));
    dispatch(emailAuthenticatedChanged(false));
    dispatch(passwordChangedByMail(false));
    dispatch(authenticated(user));
  };
}

/** The server already ended the session (password change, withdrawal): forget the user locally. */
export function signedOutByServer() {
  return (dispatch: AppDispatch): void => {
    clearStoredUser();
    dispatch(loggedOut());
  };
}

/** Cancel of the duplicate-login modal: the server session just made is ended, nothing is stored. */
export function abandonLogin() {
  return async (dispatch: AppDispatch): Promise<void> => {
    clearStoredUser();
    dispatch(loggedOut());
    await dispatch(accountApi.endpoints.logout.initiate(undefined, { track: false }));
  };
}
