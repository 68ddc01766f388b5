/**
 * Who is asking: the signed-in user of a live session, as the auth plugin puts it on every request
 * that is not public. Services take it to check privileges, scope what is read and name who changed
 * what in the audit log.
 */
export interface SessionUser {
  sessionId: string;
  userId: number;
  username: string;
  privileges: string[];
  parentOrganization: string | null;
}
