/**
 * The database tables, shared by every feature module's repository.
 * Dialect-neutral conventions: ids are text (UUIDs), timestamps are ISO-8601 UTC text,
 * booleans are integers 0/1, JSON documents are text.
 */
export interface Database {
  contact_messages: ContactMessageTable;
}

export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
}
