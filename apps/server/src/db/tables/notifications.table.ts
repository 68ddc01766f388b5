import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { NullableTimestamp, TimestampWithDefault } from './record-columns.ts';

export type NotificationStatus = 'pending' | 'sent' | 'failed';

/** A notification sent or attempted (Job Ready). */
export interface NotificationsTable {
  id: Generated<number>;
  job_id: number | null;
  kind: string;
  recipient: string;
  subject: string;
  body: string;
  status: Generated<NotificationStatus>;
  error: string | null;
  sent_at: NullableTimestamp;
  created_at: TimestampWithDefault;
  created_by: string;
}
export type Notification = Selectable<NotificationsTable>;
export type NewNotification = Insertable<NotificationsTable>;
export type NotificationUpdate = Updateable<NotificationsTable>;
