import type { ReactNode } from 'react';
import classes from './centered-page.module.css';

/** A page without the shell: content centred on the app's soft backdrop. */
export function CenteredPage({ children }: { children: ReactNode }) {
  return (
    <main className={classes.page}>
      <div className={classes.content}>{children}</div>
    </main>
  );
}
