import { Navigate, useParams } from 'react-router';
import { routePath } from '../../../config/paths.ts';

/**
 * The job-edit route of the spec's route table. A job is edited on its view (the name inline, the
 * files, the lock), so this route opens the view.
 */
export function JobEditScreen() {
  const { id = '' } = useParams();
  return <Navigate to={routePath('job-view', { id })} replace />;
}
