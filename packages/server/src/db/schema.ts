/**
 * The database tables, shared by every feature module's repository.
 * Dialect-neutral conventions: ids are text (UUIDs), timestamps are ISO-8601 UTC text,
 * booleans are integers 0/1, JSON documents are text.
 */
export interface Database {
  contact_messages: ContactMessageTable;
  jobs: JobTable;
}

export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
}

export interface JobTable {
  id: string;
  kind: string;
  owner_id: string | null;
  /** JSON. */
  payload: string;
  status: string;
  progress_done: number;
  progress_total: number;
  error: string | null;
  /** JSON, when succeeded. */
  result: string | null;
  attempts: number;
  cancel_requested: number;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
}
