import { useEffect } from 'react';
import { Outlet, useParams } from 'react-router';
import { PRODUCT_NAME } from '../components/brand/brand-mark.tsx';
import { useCurrentRouteName } from './route-handle.ts';
import { routeTitle } from './routes.ts';

/** The root of every route: it names the browser tab after the screen. */
export function RootLayout() {
  const name = useCurrentRouteName();
  const { id } = useParams();
  const title = name ? `${routeTitle(name, { id })} · ${PRODUCT_NAME}` : PRODUCT_NAME;

  useEffect(() => {
    document.title = title;
  }, [title]);

  return <Outlet />;
}
