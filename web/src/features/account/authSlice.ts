import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ADMIN_GRADE, readStoredUser, type StoredUser } from './storedUser';

/** Recommender type of the join payload: NORMAL, or MESSENGER when it arrived by a messenger share link. */
export type RecommendType = 'NORMAL' | 'MESSENGER';

export interface SessionUser {
  id: number;
  grade: number;
  userEmail: string;
}

/** Client session state of spec §3. */
export interface AuthState {
  authenticated: boolean;
  emailAuthenticated: boolean;
  registered: boolean;
  user: SessionUser | null;
  /** True once the stored user has been checked against the server in this page session. */
  checkUser: boolean;
  /** Set by a successful password change from a mail link (the page then goes to /login). */
  changed: boolean;
  recommendUser: string;
  recommendType: RecommendType;
}

const RECOMMENDER_KEY = 'recommender';

function readRecommender(): { recommendUser: string; recommendType: RecommendType } {
  try {
    const raw = window.sessionStorage.getItem(RECOMMENDER_KEY);
    const parsed = raw ? (JSON.parse(raw) as unknown) : null;
    if (typeof parsed === 'object' && parsed !== null && 'recommendUser' in parsed) {
      const { recommendUser, recommendType } = parsed as Record<string, unknown>;
      if (typeof recommendUser === 'string') {
        return { recommendUser, recommendType: recommendType === 'MESSENGER' ? 'MESSENGER' : 'NORMAL' };
      }
    }
  } catch {
    // Unavailable or corrupt session storage: no recommender.
  }
  return { recommendUser: '', recommendType: 'NORMAL' };
}

function toSessionUser(user: StoredUser): SessionUser {
  return { id: user.id, grade: user.grade, userEmail: user.userEmail };
}

/**
 * Starts from the stored user (spec §2.1: pages restore the saved user), so a
 * reload keeps the menu; dictionary pages then re-validate it with the server.
 */
export function initialAuthState(stored: StoredUser | null = readStoredUser()): AuthState {
  return {
    authenticated: stored !== null,
    emailAuthenticated: false,
    registered: false,
    user: stored ? toSessionUser(stored) : null,
    checkUser: false,
    changed: false,
    ...readRecommender(),
  };
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** Successful login or successful validation of the stored user. */
    authenticated(state, action: PayloadAction<StoredUser>) {
      state.authenticated = true;
      state.user = toSessionUser(action.payload);
      state.checkUser = true;
    },
    /** Failed validation or logout. */
    loggedOut(state) {
      state.authenticated = false;
      state.user = null;
      state.checkUser = true;
    },
    registeredChanged(state, action: PayloadAction<boolean>) {
      state.registered = action.payload;
    },
    emailAuthenticatedChanged(state, action: PayloadAction<boolean>) {
      state.emailAuthenticated = action.payload;
    },
    passwordChangedByMail(state, action: PayloadAction<boolean>) {
      state.changed = action.payload;
    },
    recommenderSet(state, action: PayloadAction<{ recommendUser: string; recommendType: RecommendType }>) {
      state.recommendUser = action.payload.recommendUser;
      state.recommendType = action.payload.recommendType;
      try {
        window.sessionStorage.setItem(RECOMMENDER_KEY, JSON.stringify(action.payload));
      } catch {
        // Kept in memory only.
      }
    },
  },
  selectors: {
    selectAuth: (state) => state,
    selectUser: (state) => state.user,
    selectIsAdmin: (state) => state.authenticated && state.user?.grade === ADMIN_GRADE,
  },
});

export const {
  authenticated,
  loggedOut,
  registeredChanged,
  emailAuthenticatedChanged,
  passwordChangedByMail,
  recommenderSet,
} = authSlice.actions;
export const { selectAuth, selectUser, selectIsAdmin } = authSlice.selectors;
