import '@mantine/core/styles.css';
import './global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { setAppNavigator } from '../lib/navigation.ts';
import { trackNavigation } from '../lib/navigation-progress.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

const router = createAppRouter();
// Lets code outside components (the API client on 401, logout) move the app.
setAppNavigator((to, options) => router.navigate(to, options));
// The progress bar shows from a click until the screen it asked for is shown.
trackNavigation(router);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
