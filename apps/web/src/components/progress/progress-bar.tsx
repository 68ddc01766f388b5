import { useDelayed, useLoading } from './use-progress.ts';
import classes from './progress-bar.module.css';

/**
 * The thin bar across the top of the window while a screen or its data is on the way, so that a
 * click on a slow network is visibly taken. It shows only once a wait has lasted a moment.
 */
export function ProgressBar() {
  const shown = useDelayed(useLoading());
  if (!shown) return null;
  return (
    <div className={classes.bar} role="progressbar" aria-label="Loading" aria-valuetext="Loading" data-testid="progress-bar">
      <div className={classes.runner} />
    </div>
  );
}
