import { type Kysely, SqliteAdapter, sql } from 'kysely';

/*
 * The header search's index (modules/search). One row per searchable thing in search_documents:
 * projects, collections and users are kept in step by triggers on their tables (so every create,
 * rename and delete, cascades included, reaches the index without the modules knowing), tokens are
 * added when a collection finishes generating and go with their collection's delete. SQLite answers
 * from an FTS5 table fed by triggers on search_documents; PostgreSQL from a stored tsvector with a
 * GIN index. Existing projects, collections and users are indexed here; tokens of collections
 * finished before this migration are indexed by the server at start (their metadata is in the blob
 * store, which a migration cannot read).
 */

/** The body a user is found by: the name, the email, and the email's parts (a parser may keep an email whole). */
const userBody = (row: 'new' | 'users') =>
  `${row}.first_name || ' ' || ${row}.last_name || ' ' || ${row}.email || ' ' || ` +
  `replace(replace(replace(replace(replace(${row}.email, '@', ' '), '.', ' '), '_', ' '), '-', ' '), '+', ' ')`;

const sqliteUp = [
  `create table search_documents (
    id integer primary key,
    kind text not null,
    ref_id text not null,
    owner_id text,
    collection_id text,
    edition integer,
    body text not null,
    detail text
  )`,
  'create unique index search_documents_ref on search_documents (kind, ref_id)',
  'create index search_documents_collection on search_documents (collection_id)',
  'create index search_documents_edition on search_documents (owner_id, kind, edition)',
  // Contentless: the text lives in search_documents; `owner` holds the owner id without dashes (one FTS token).
  `create virtual table search_fts using fts5 (
    kind, owner, body,
    content = '', contentless_delete = 1, prefix = '2 3', tokenize = 'unicode61 remove_diacritics 2'
  )`,
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
  `create trigger search_projects_ai after insert on projects begin
    insert into search_documents (kind, ref_id, owner_id, body) values ('project', new.id, new.owner_id, new.name);
  end`,
  `create trigger search_projects_au after update of name on projects when old.name is not new.name begin
    update search_documents set body = new.name where kind = 'project' and ref_id = new.id;
  end`,
  `create trigger search_projects_ad after delete on projects begin
    delete from search_documents where kind = 'project' and ref_id = old.id;
  end`,
  `create trigger search_collections_ai after insert on collections begin
    insert into search_documents (kind, ref_id, owner_id, collection_id, body)
    values ('collection', new.id, new.owner_id, new.id, new.name);
  end`,
  `create trigger search_collections_au after update of name on collections when old.name is not new.name begin
    update search_documents set body = new.name where kind = 'collection' and ref_id = new.id;
  end`,
  // The collection's own row and its tokens.
  `create trigger search_collections_ad after delete on collections begin
    delete from search_documents where collection_id = old.id;
  end`,
  `create trigger search_users_ai after insert on users begin
    insert into search_documents (kind, ref_id, body) values ('user', new.id, ${userBody('new')});
  end`,
  `create trigger search_users_au after update of first_name, last_name, email on users
    when old.first_name is not new.first_name or old.last_name is not new.last_name or old.email is not new.email begin
    update search_documents set body = ${userBody('new')} where kind = 'user' and ref_id = new.id;
  end`,
  `create trigger search_users_ad after delete on users begin
    delete from search_documents where kind = 'user' and ref_id = old.id;
  end`,
];

/** PostgreSQL: one trigger function per table, after insert, update or delete of a row. */
function postgresSync(table: string, columns: string[], insert: string, update: string, remove: string) {
  const changed = columns.map((column) => `new.${column} is distinct from old.${column}`).join(' or ');
  return [
    `create function search_${table}_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        ${remove};
        return old;
      elsif tg_op = 'INSERT' then
        ${insert};
      elsif ${changed} then
        ${update};
      end if;
      return new;
    end $$`,
    `create trigger search_${table}_sync after insert or update or delete on ${table}
      for each row execute function search_${table}_sync()`,
  ];
}

const postgresUp = [
  `create table search_documents (
    id bigserial primary key,
    kind text not null,
    ref_id text not null,
    owner_id text,
    collection_id text,
    edition integer,
    body text not null,
    detail text,
    body_tsv tsvector generated always as (to_tsvector('simple', body)) stored
  )`,
  'create unique index search_documents_ref on search_documents (kind, ref_id)',
  'create index search_documents_collection on search_documents (collection_id)',
  'create index search_documents_edition on search_documents (owner_id, kind, edition)',
  'create index search_documents_tsv on search_documents using gin (body_tsv)',
  ...postgresSync(
    'projects',
    ['name'],
    "insert into search_documents (kind, ref_id, owner_id, body) values ('project', new.id, new.owner_id, new.name)",
    "update search_documents set body = new.name where kind = 'project' and ref_id = new.id",
    "delete from search_documents where kind = 'project' and ref_id = old.id",
  ),
  ...postgresSync(
    'collections',
    ['name'],
    `insert into search_documents (kind, ref_id, owner_id, collection_id, body)
       values ('collection', new.id, new.owner_id, new.id, new.name)`,
    "update search_documents set body = new.name where kind = 'collection' and ref_id = new.id",
    'delete from search_documents where collection_id = old.id',
  ),
  ...postgresSync(
    'users',
    ['first_name', 'last_name', 'email'],
    `insert into search_documents (kind, ref_id, body) values ('user', new.id, ${userBody('new')})`,
    `update search_documents set body = ${userBody('new')} where kind = 'user' and ref_id = new.id`,
    "delete from search_documents where kind = 'user' and ref_id = old.id",
  ),
];

/** What is already there: every project, collection and user. */
const backfill = [
  `insert into search_documents (kind, ref_id, owner_id, body) select 'project', id, owner_id, name from projects`,
  `insert into search_documents (kind, ref_id, owner_id, collection_id, body)
     select 'collection', id, owner_id, id, name from collections`,
  `insert into search_documents (kind, ref_id, body) select 'user', id, ${userBody('users')} from users`,
];

function isSqlite(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [...(isSqlite(db) ? sqliteUp : postgresUp), ...backfill]) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    for (const table of ['projects', 'collections', 'users']) {
      for (const suffix of ['ai', 'au', 'ad'])
        await sql.raw(`drop trigger if exists search_${table}_${suffix}`).execute(db);
    }
    await sql.raw('drop table if exists search_fts').execute(db);
  } else {
    for (const table of ['projects', 'collections', 'users']) {
      await sql.raw(`drop trigger if exists search_${table}_sync on ${table}`).execute(db);
      await sql.raw(`drop function if exists search_${table}_sync()`).execute(db);
    }
  }
  await sql.raw('drop table if exists search_documents').execute(db);
}
