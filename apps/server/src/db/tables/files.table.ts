import type { Generated, Insertable, Selectable } from 'kysely';
import type { TimestampWithDefault } from './record-columns.ts';

/** An uploaded picture or document; the bytes are in the file store under storage_key. */
export interface FilesTable {
  id: Generated<string>;
  storage_key: string;
  original_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  created_at: TimestampWithDefault;
  created_by: string;
}
export type StoredFile = Selectable<FilesTable>;
export type NewStoredFile = Insertable<FilesTable>;
