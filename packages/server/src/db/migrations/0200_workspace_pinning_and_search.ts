import { type Kysely, SqliteAdapter, sql } from 'kysely';

/*
 * The last per-user settings become the workspace's (issue 30).
 * - workspace_pinning_providers: one IPFS pinning provider per workspace (saved by its Owners and Admins, used
 *   for every collection of the workspace), replacing pinning_providers (one per user). Each user's provider
 *   moves to their personal workspace. Its token stays sealed as it was (bound to the user's id, which the
 *   service still accepts for a personal workspace's row); a token saved from now on is bound to the workspace.
 * - search_documents.workspace_id: the header search finds what is in the caller's workspaces, not what they
 *   made. Projects, collections and tokens take their workspace's id (kept in step when a project or a
 *   collection moves, by the same triggers as names); on SQLite the full-text table is rebuilt with a
 *   `workspace` column (the id without punctuation, one FTS token) instead of `owner`.
 */

function isSqlite(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** The workspace id as one FTS5 token: letters and digits only. */
const ftsKey = (column: string) => `coalesce(replace(replace(${column}, '-', ''), '_', ''), '')`;

const sqliteSearchUp = [
  'drop trigger search_documents_ai',
  'drop trigger search_documents_ad',
  'drop trigger search_documents_au',
  'drop table search_fts',
  `create virtual table search_fts using fts5 (
    kind, workspace, body,
    content = '', contentless_delete = 1, prefix = '2 3', tokenize = 'unicode61 remove_diacritics 2'
  )`,
  `insert into search_fts (rowid, kind, workspace, body)
    select id, kind, ${ftsKey('workspace_id')}, body from search_documents`,
  `create trigger search_documents_ai after insert on search_documents begin
    insert into search_fts (rowid, kind, workspace, body) values (new.id, new.kind, ${ftsKey('new.workspace_id')}, new.body);
  end`,
  `create trigger search_documents_ad after delete on search_documents begin
    delete from search_fts where rowid = old.id;
  end`,
  `create trigger search_documents_au after update on search_documents begin
    delete from search_fts where rowid = old.id;
    insert into search_fts (rowid, kind, workspace, body) values (new.id, new.kind, ${ftsKey('new.workspace_id')}, new.body);
  end`,
  'drop trigger search_projects_ai',
  `create trigger search_projects_ai after insert on projects begin
    insert into search_documents (kind, ref_id, owner_id, workspace_id, body)
    values ('project', new.id, new.owner_id, new.workspace_id, new.name);
  end`,
  `create trigger search_projects_aw after update of workspace_id on projects
    when old.workspace_id is not new.workspace_id begin
    update search_documents set workspace_id = new.workspace_id where kind = 'project' and ref_id = new.id;
  end`,
  'drop trigger search_collections_ai',
  `create trigger search_collections_ai after insert on collections begin
    insert into search_documents (kind, ref_id, owner_id, workspace_id, collection_id, body)
    values ('collection', new.id, new.owner_id, new.workspace_id, new.id, new.name);
  end`,
  // The collection's own row and its tokens'.
  `create trigger search_collections_aw after update of workspace_id on collections
    when old.workspace_id is not new.workspace_id begin
    update search_documents set workspace_id = new.workspace_id where collection_id = new.id;
  end`,
];

/** PostgreSQL: the projects' and collections' trigger functions also write and follow the workspace. */
const postgresSearchUp = [
  `create or replace function search_projects_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        delete from search_documents where kind = 'project' and ref_id = old.id;
        return old;
      elsif tg_op = 'INSERT' then
        insert into search_documents (kind, ref_id, owner_id, workspace_id, body)
          values ('project', new.id, new.owner_id, new.workspace_id, new.name);
      else
        if new.name is distinct from old.name then
          update search_documents set body = new.name where kind = 'project' and ref_id = new.id;
        end if;
        if new.workspace_id is distinct from old.workspace_id then
          update search_documents set workspace_id = new.workspace_id where kind = 'project' and ref_id = new.id;
        end if;
      end if;
      return new;
    end $$`,
  `create or replace function search_collections_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        delete from search_documents where collection_id = old.id;
        return old;
      elsif tg_op = 'INSERT' then
        insert into search_documents (kind, ref_id, owner_id, workspace_id, collection_id, body)
          values ('collection', new.id, new.owner_id, new.workspace_id, new.id, new.name);
      else
        if new.name is distinct from old.name then
          update search_documents set body = new.name where kind = 'collection' and ref_id = new.id;
        end if;
        if new.workspace_id is distinct from old.workspace_id then
          update search_documents set workspace_id = new.workspace_id where collection_id = new.id;
        end if;
      end if;
      return new;
    end $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workspace_pinning_providers')
    .addColumn('workspace_id', 'text', (col) =>
      col.primaryKey().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('endpoint', 'text', (col) => col.notNull())
    .addColumn('token_sealed', 'text', (col) => col.notNull())
    .addColumn('token_last4', 'text', (col) => col.notNull())
    // Who saved it (no foreign key: the row outlives their membership); null for a provider moved here.
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await sql`
    insert into workspace_pinning_providers (workspace_id, endpoint, token_sealed, token_last4, updated_by, updated_at)
    select workspaces.id, pinning_providers.endpoint, pinning_providers.token_sealed, pinning_providers.token_last4,
      pinning_providers.owner_id, pinning_providers.updated_at
    from pinning_providers
    inner join workspaces on workspaces.personal = 1 and workspaces.created_by = pinning_providers.owner_id`.execute(
    db,
  );
  await db.schema.dropTable('pinning_providers').execute();

  await db.schema.alterTable('search_documents').addColumn('workspace_id', 'text').execute();
  await sql`
    update search_documents set workspace_id = (
      select projects.workspace_id from projects where projects.id = search_documents.ref_id
    ) where kind = 'project'`.execute(db);
  await sql`
    update search_documents set workspace_id = (
      select collections.workspace_id from collections where collections.id = search_documents.collection_id
    ) where kind in ('collection', 'token')`.execute(db);
  await db.schema
    .createIndex('search_documents_workspace')
    .on('search_documents')
    .columns(['workspace_id', 'kind', 'edition'])
    .execute();
  for (const statement of isSqlite(db) ? sqliteSearchUp : postgresSearchUp) {
    await sql.raw(statement).execute(db);
  }
}

/** Back to per-user: personal workspaces' providers return to their user (teams' are lost), the owner-keyed index. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pinning_providers')
    .addColumn('owner_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (col) => col.notNull())
    .addColumn('token_sealed', 'text', (col) => col.notNull())
    .addColumn('token_last4', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await sql`
    insert into pinning_providers (owner_id, endpoint, token_sealed, token_last4, updated_at)
    select workspaces.created_by, p.endpoint, p.token_sealed, p.token_last4, p.updated_at
    from workspace_pinning_providers p inner join workspaces on workspaces.id = p.workspace_id
    where workspaces.personal = 1`.execute(db);
  await db.schema.dropTable('workspace_pinning_providers').execute();

  if (isSqlite(db)) {
    for (const statement of [
      'drop trigger search_projects_aw',
      'drop trigger search_collections_aw',
      'drop trigger search_projects_ai',
      'drop trigger search_collections_ai',
      `create trigger search_projects_ai after insert on projects begin
        insert into search_documents (kind, ref_id, owner_id, body) values ('project', new.id, new.owner_id, new.name);
      end`,
      `create trigger search_collections_ai after insert on collections begin
        insert into search_documents (kind, ref_id, owner_id, collection_id, body)
        values ('collection', new.id, new.owner_id, new.id, new.name);
      end`,
      'drop trigger search_documents_ai',
      'drop trigger search_documents_ad',
      'drop trigger search_documents_au',
      'drop table search_fts',
      `create virtual table search_fts using fts5 (
        kind, owner, body,
        content = '', contentless_delete = 1, prefix = '2 3', tokenize = 'unicode61 remove_diacritics 2'
      )`,
      `insert into search_fts (rowid, kind, owner, body)
        select id, kind, coalesce(replace(owner_id, '-', ''), ''), body from search_documents`,
      `create trigger search_documents_ai after insert on search_documents begin
        insert into search_fts (rowid, kind, owner, body)
        values (new.id, new.kind, coalesce(replace(new.owner_id, '-', ''), ''), new.body);
      end`,
      `create trigger search_documents_ad after delete on search_documents begin
        delete from search_fts where rowid = old.id;
      end`,
      `create trigger search_documents_au after update on search_documents begin
        delete from search_fts where rowid = old.id;
        insert into search_fts (rowid, kind, owner, body)
        values (new.id, new.kind, coalesce(replace(new.owner_id, '-', ''), ''), new.body);
      end`,
    ]) {
      await sql.raw(statement).execute(db);
    }
  } else {
    await sql
      .raw(`create or replace function search_projects_sync() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          delete from search_documents where kind = 'project' and ref_id = old.id;
          return old;
        elsif tg_op = 'INSERT' then
          insert into search_documents (kind, ref_id, owner_id, body) values ('project', new.id, new.owner_id, new.name);
        elsif new.name is distinct from old.name then
          update search_documents set body = new.name where kind = 'project' and ref_id = new.id;
        end if;
        return new;
      end $$`)
      .execute(db);
    await sql
      .raw(`create or replace function search_collections_sync() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          delete from search_documents where collection_id = old.id;
          return old;
        elsif tg_op = 'INSERT' then
          insert into search_documents (kind, ref_id, owner_id, collection_id, body)
            values ('collection', new.id, new.owner_id, new.id, new.name);
        elsif new.name is distinct from old.name then
          update search_documents set body = new.name where kind = 'collection' and ref_id = new.id;
        end if;
        return new;
      end $$`)
      .execute(db);
  }
  await db.schema.dropIndex('search_documents_workspace').execute();
  await db.schema.alterTable('search_documents').dropColumn('workspace_id').execute();
}
