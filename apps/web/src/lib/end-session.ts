import { routePath } from '../config/paths.ts';
import { navigateTo } from './navigation.ts';
import { queryClient } from './query-client.ts';
import { clearToken } from './token-store.ts';

/**
 * Signs out locally: forget the token, go to the login screen, and — once the signed-in screens
 * are gone — drop every cached record so the next user of this browser sees none of them.
 */
export async function endSession(): Promise<void> {
  clearToken();
  const navigation = navigateTo(routePath('login'), { replace: true });
  void queryClient.cancelQueries();
  try {
    await navigation;
  } finally {
    queryClient.clear();
  }
}
