import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '../../components/page/page-loader.tsx';
import { useNavigationPending } from '../../components/progress/use-progress.ts';
import { IdleWatcher } from '../../session/idle-watcher.tsx';
import { useSession } from '../../session/use-session.ts';
import { useCurrentRouteName } from '../route-handle.ts';
import { preloadScreensWhenIdle } from '../screens.ts';
import { routePath } from '../../config/paths.ts';
import { AppHeader } from './app-header.tsx';
import { AppNavbar } from './app-navbar.tsx';
import { LabelScanListener } from './label-scan-listener.tsx';
import { LiveUpdates } from './live-updates.tsx';
import { QuickFindShortcut } from './quick-find-shortcut.tsx';
import classes from './shell.module.css';

interface AppShellLayoutProps {
  /** Content instead of the matched child route (the not-found page uses this). */
  children?: ReactNode;
}

/** The signed-in frame: top bar, sidebar, the screen, the idle watcher and the live updates. */
export function AppShellLayout({ children }: AppShellLayoutProps) {
  const session = useSession();
  const routeName = useCurrentRouteName();
  const [navOpened, nav] = useDisclosure(false);
  const mainRef = useRef<HTMLElement>(null);
  const navigating = useNavigationPending();
  // Signed in and idle: every screen's code, ahead of its first visit.
  useEffect(() => preloadScreensWhenIdle(), []);

  // Signed out meanwhile (another tab logged out, or the token expired): back to the login screen.
  if (!session) return <Navigate to={routePath('login')} replace />;

  const skipToContent = (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    mainRef.current?.focus();
  };

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 272, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'md', md: 'xl' }}
    >
      <a href="#main-content" className={classes.skipLink} onClick={skipToContent}>
        Skip to content
      </a>
      <AppShell.Header className={classes.header}>
        <AppHeader session={session} navOpened={navOpened} onToggleNav={nav.toggle} />
      </AppShell.Header>
      <AppShell.Navbar id="app-navbar" p="sm" pt="md" className={classes.navbar} aria-label="Main navigation">
        <AppNavbar current={routeName} onNavigate={nav.close} />
      </AppShell.Navbar>
      <AppShell.Main id="main-content" ref={mainRef} tabIndex={-1} className={classes.main} aria-busy={navigating || undefined}>
        <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
      </AppShell.Main>
      <IdleWatcher />
      <LabelScanListener />
      <QuickFindShortcut />
      <LiveUpdates token={session.token} />
    </AppShell>
  );
}
