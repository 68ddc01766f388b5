import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AlertPanel } from '../components/alerts/alert-panel.tsx';
import { ProgressBar } from '../components/progress/progress-bar.tsx';
import { queryClient } from '../lib/query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * App-wide providers. The feedback panel sits here, outside the router, so alerts raised while
 * navigating (or by the API client) always have somewhere to show. Modals are provided inside
 * the router (see RootLayout) so that their content may use links.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ProgressBar />
        {children}
        <AlertPanel />
      </QueryClientProvider>
    </MantineProvider>
  );
}
