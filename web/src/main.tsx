// One variable font sliced by unicode-range: a page downloads only the slices its text uses.
import '@fontsource-variable/noto-sans-kr';
import './ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { createLoginStatusPoster } from './app/embed';
import { createAppRouter } from './app/router';
import { loadSiteInfo } from './app/siteInfo';
import { makeStore } from './app/store';

const store = makeStore();

// Embedded in a host page: tell the parent about the login status, and on every change, once the
// site details say which parents may hear it. Rendering does not wait for them.
void loadSiteInfo().then((site) => {
  const postLoginStatus = createLoginStatusPoster(site?.embedParentOrigins);
  const publishLoginStatus = () => {
    const { authenticated, user } = store.getState().auth;
    postLoginStatus({ loggedIn: authenticated, userEmail: authenticated ? (user?.userEmail ?? null) : null });
  };
  publishLoginStatus();
  store.subscribe(publishLoginStatus);
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={createAppRouter()} />
    </Provider>
  </StrictMode>,
);
