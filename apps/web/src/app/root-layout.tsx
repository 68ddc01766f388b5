import { useEffect } from 'react';
import { Outlet, useLocation, useParams } from 'react-router';
import { markShown } from '../lib/navigation-progress.ts';
import { PRODUCT_NAME } from '../components/brand/brand-mark.tsx';
import { useCurrentRouteName } from './route-handle.ts';
import { routeTitle } from '../config/paths.ts';

/** The root of every route: it names the browser tab after the screen, and says when a location is shown. */
export function RootLayout() {
  const name = useCurrentRouteName();
  const { id } = useParams();
  const { key } = useLocation();
  const title = name ? `${routeTitle(name, { id })} · ${PRODUCT_NAME}` : PRODUCT_NAME;

  useEffect(() => {
    document.title = title;
  }, [title]);

  // Committed: the navigation to this location is over (the progress bar stops).
  useEffect(() => markShown(key), [key]);

  return <Outlet />;
}
