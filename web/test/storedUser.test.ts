import { ANONYMOUS_USER_ID, parseStoredUser, toStoredUser } from '../src/features/account/storedUser';
import {
  authSlice,
  authenticated,
  initialAuthState,
  loggedOut,
  recommenderSet,
  selectIsAdmin,
} from '../src/features/account/authSlice';

const stored = { id: 42, userEmail: 'reader@example.com', grade: 1, status: 'valid', item: 6, curKey: 'k1' };

describe('the stored user (spec §3)', () => {
  test('a complete stored user is read back as it was written', () => {
    expect(parseStoredUser(JSON.stringify(stored))).toEqual(stored);
  });

  test('numbers sent as strings are accepted, missing optional fields get defaults', () => {
    expect(toStoredUser({ id: '42', userEmail: 'a@b.co', grade: '0' })).toEqual({
      id: 42,
      userEmail: 'a@b.co',
      grade: 0,
      status: 'none',
      item: null,
      curKey: '',
    });
  });

  test('corrupt JSON, the anonymous id or a missing email or grade give no user', () => {
    expect(parseStoredUser('{not json')).toBeNull();
    expect(parseStoredUser(null)).toBeNull();
    expect(toStoredUser({ ...stored, id: ANONYMOUS_USER_ID })).toBeNull();
    expect(toStoredUser({ ...stored, userEmail: '' })).toBeNull();
    expect(toStoredUser({ ...stored, grade: 'admin' })).toBeNull();
    expect(toStoredUser([stored])).toBeNull();
  });
});

describe('the auth slice (spec §3 client session state)', () => {
  const reduce = authSlice.reducer;

  test('starts authenticated from a stored user, and as a guest without one', () => {
    expect(initialAuthState(stored)).toMatchObject({ authenticated: true, user: { id: 42, grade: 1 } });
    expect(initialAuthState(null)).toMatchObject({ authenticated: false, user: null, recommendType: 'NORMAL' });
  });

  test('validation success authenticates and marks the user checked; logout returns to a guest', () => {
    const signedIn = reduce(initialAuthState(null), authenticated({ ...stored, grade: 0 }));
    expect(signedIn).toMatchObject({ authenticated: true, checkUser: true, user: { userEmail: 'reader@example.com' } });
    expect(selectIsAdmin({ auth: signedIn })).toBe(true);
    const out = reduce(signedIn, loggedOut());
    expect(out).toMatchObject({ authenticated: false, user: null });
    expect(selectIsAdmin({ auth: out })).toBe(false);
  });

  test('only grade 0 is an administrator', () => {
    expect(selectIsAdmin({ auth: reduce(initialAuthState(null), authenticated(stored)) })).toBe(false);
  });

  test('a recommender from a messenger link is kept with its type', () => {
    const state = reduce(
      initialAuthState(null),
      recommenderSet({ recommendUser: 'friend', recommendType: 'MESSENGER' }),
    );
    expect(state).toMatchObject({ recommendUser: 'friend', recommendType: 'MESSENGER' });
  });
});
