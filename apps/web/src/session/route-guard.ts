import { MESSAGES } from '@3ds/domain';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { HOME_ROUTE, routePath } from '../config/paths.ts';
import { showAlert } from '../lib/alert-store.ts';
import { toAppPath } from '../lib/navigation.ts';
import { rememberNextRoute } from '../lib/next-route.ts';
import { getSession } from './session.ts';
import { clearToken, getToken } from '../lib/token-store.ts';

/**
 * Loader of the signed-in area (every route but login and not-found). Without a usable token:
 * warn "You must be logged-in to access this resource", remember where the visitor wanted to go
 * (path and query) for after login, and go to the login screen.
 */
export function requireSession({ request }: LoaderFunctionArgs): null {
  if (getSession()) return null;
  if (getToken()) clearToken(); // unreadable or expired: it will never work again
  const url = new URL(request.url);
  rememberNextRoute(`${toAppPath(url.pathname)}${url.search}`);
  showAlert({ type: 'WARNING', message: MESSAGES.mustLogIn });
  throw redirect(routePath('login'));
}

/** Loader of the login screen: someone already signed in goes straight to the companies. */
export function redirectWhenSignedIn(): null {
  if (getSession()) throw redirect(routePath(HOME_ROUTE));
  return null;
}
