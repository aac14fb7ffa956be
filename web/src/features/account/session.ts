import type { AppDispatch, RootState } from '../../app/store';
import { accountApi } from './accountApi';
import {
  authenticated,
  emailAuthenticatedChanged,
  loggedOut,
  passwordChangedByMail,
  registeredChanged,
} from './authSlice';
import { clearStoredUser, readStoredUser, writeStoredUser, type StoredUser } from './storedUser';

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
    // Logged out (or in as someone else) while the answer was on its way: that answer is stale.
    if (readStoredUser()?.id !== stored.id) return;
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
    // Logged out because another device logged in: the API slice already said so (app/api.ts).
    if (typeof status === 'number' && status >= 400 && status < 500) clearStoredUser();
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
