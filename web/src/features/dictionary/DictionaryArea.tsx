import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useAppDispatch } from '../../app/store';
import { revalidateStoredUser } from '../account/session';
import { readStoredUser } from '../account/storedUser';

/**
 * Wraps the home and dictionary pages: each time one opens, the stored user
 * is re-validated with the server (spec §2.1), so a session ended elsewhere
 * (logout, another device) turns this tab back into a guest.
 */
export function DictionaryArea() {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  useEffect(() => {
    // No stored user: nothing to validate, and no call that could only fail.
    if (readStoredUser() !== null) void dispatch(revalidateStoredUser());
  }, [dispatch, pathname]);
  return <Outlet />;
}
