import { readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import fc from 'fast-check';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/modules/auth/session-cookie.ts';
import { resolveSession, startSession } from '../src/modules/auth/sessions.service.ts';
import { listOutboxMails } from '../src/modules/mail/outbox.repository.ts';
import { multipartFiles } from './support/multipart.ts';
import { createFixtureProject } from './support/project-fixture.ts';
import { arbitraryFor, hostileString, hostileValue, type JsonSchema } from './support/schema-arbitrary.ts';
import { createTestApp, databaseKinds, type TestApp } from './support/test-app.ts';
import { createUser, freshIp, type TestUser } from './support/users.ts';
import { storedZip } from './support/zip.ts';

/** Runs per route; `PROPERTY_RUNS=500 npx vitest run --project server test/api-properties` searches harder. */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 0) || undefined;
const runsFor = (kind: string) => RUNS ?? (kind === 'sqlite' ? 60 : 15);

interface Operation {
  method: string;
  /** OpenAPI path, e.g. `/api/v1/projects/{id}`. */
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  jsonBody: JsonSchema | undefined;
}

/** Calls that end sessions or change accounts run last, so the others see the fixtures as made. */
const isDestructive = (op: Operation) =>
  op.method === 'DELETE' || /logout|update-password|update-account-status|\/plan$/.test(op.path);

/**
 * Who sends a request: the fixtures' owner (also Owner of the team workspace that holds them), `other` (a Viewer
 * there), an Editor and an Admin of the team, a site admin who is not a member, and nobody.
 */
type Who = 'owner' | 'other' | 'editor' | 'teamAdmin' | 'admin' | 'nobody';

/** Kysely's own bookkeeping of migrations, which its introspection leaves out too. */
const internalTables = ['kysely_migration', 'kysely_migration_lock'];

/** A request as drawn: who sends it, to which ids, with which query and body. */
interface DrawnRequest {
  who: Who;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'raw'; text: string; contentType: string }
    | { kind: 'files'; files: { field: string; filename: string; bytes: Uint8Array }[] };
}

/** Raw bodies no schema describes: broken JSON, numbers JSON cannot hold, prototype keys, deep nesting. */
const rawBodies = fc.constantFrom(
  { text: '{', contentType: 'application/json' },
  { text: '', contentType: 'application/json' },
  { text: '{"collectionSize":1e400,"name":"x"}', contentType: 'application/json' },
  {
    text: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}',
    contentType: 'application/json',
  },
  { text: `${'['.repeat(20_000)}${']'.repeat(20_000)}`, contentType: 'application/json' },
  { text: 'x=1&y=2', contentType: 'application/x-www-form-urlencoded' },
  { text: 'hello', contentType: 'text/plain' },
  { text: '<a/>', contentType: 'application/xml' },
  { text: '--nope\r\n\r\n', contentType: 'multipart/form-data; boundary=nope' },
  { text: '{}', contentType: 'application/json; charset=utf-16' },
);

/** Every operation of the OpenAPI document, read from an app built for this purpose. */
async function loadOperations(): Promise<Operation[]> {
  const docs = await createTestApp('sqlite');
  try {
    const doc = (await docs.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    // Live streams (server-sent events) never end for a signed-in user: their own tests read them.
    return Object.entries<Record<string, OpenApiOperation>>(doc.paths)
      .filter(([path]) => !path.endsWith('/events'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
          query: (op.parameters ?? [])
            .filter((p) => p.in === 'query')
            .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
          jsonBody: op.requestBody?.content?.['application/json']?.schema,
        })),
      )
      .sort((a, b) => Number(isDestructive(a)) - Number(isDestructive(b)));
  } finally {
    await docs.close();
  }
}

const operations = await loadOperations();

describe.each(databaseKinds)('every route of the OpenAPI document on %s, under any request', (kind) => {
  let test: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let editor: TestUser;
  let teamAdmin: TestUser;
  const knownIds: string[] = ['1', '1.png', '1.json', 'zip', 'car', 'collage', 'gif', 'metadata'];
  let png: Uint8Array;
  let zip: Uint8Array;

  beforeAll(async () => {
    test = await createTestApp(kind);
    [owner, other, admin] = [
      await createUser(test.app, { planId: 'free' }),
      await createUser(test.app),
      await createUser(test.app, { role: 'admin' }),
    ];
    const ownerCookie = await cookieOf(owner);
    const projectId = await createFixtureProject(test.app, ownerCookie, { collectionSize: 3, size: 32 });
    const project = (
      await test.app.inject({
        method: 'GET',
        url: `/api/v1/projects/${projectId}`,
        headers: { cookie: ownerCookie },
      })
    ).json().data.project;
    const generated = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/generate`,
      headers: { cookie: ownerCookie },
    });
    const collectionId: string = generated.json().data.collection.id;
    await quiesce(false);
    knownIds.push(
      projectId,
      collectionId,
      owner.id,
      other.id,
      admin.id,
      ...project.layers.flatMap((layer: { id: string; traits: { id: string }[] }) => [
        layer.id,
        ...layer.traits.map((trait) => trait.id),
      ]),
    );
    // A team of the owner's where the other user is a Viewer: the walk calls its routes as its owner, as a
    // member with too low a role, as an admin of the site who is not a member, and as nobody.
    const team = await test.app.inject({
      method: 'POST',
      url: '/api/v1/workspaces',
      headers: { cookie: ownerCookie },
      payload: { name: 'Walk Studio' },
    });
    const teamId: string = team.json().data.workspace.id;
    const invited = await test.app.inject({
      method: 'POST',
      url: `/api/v1/workspaces/${teamId}/invitations`,
      headers: { cookie: ownerCookie },
      payload: { email: other.email, role: 'viewer' },
    });
    const invitationId: string = invited.json().data.invitation.id;
    const mail = (await listOutboxMails(test.app.database.db, 50)).find(
      (sent) => sent.to_address === other.email,
    );
    const invitationToken = mail?.text.match(/\/invitations\/([\w-]+)/)?.[1];
    if (!invitationToken) throw new Error('no invitation mailed');
    const joined = await test.app.inject({
      method: 'POST',
      url: `/api/v1/invitations/${invitationToken}/accept`,
      headers: { cookie: await cookieOf(other) },
    });
    if (joined.statusCode !== 200) throw new Error(`accept: ${joined.body}`);
    knownIds.push(teamId, invitationId, invitationToken);
    // The fixtures move into the team (the move route, as the Owner of both), with an Editor and an Admin seated.
    [editor, teamAdmin] = [await createUser(test.app), await createUser(test.app)];
    for (const [member, role] of [
      [editor, 'editor'],
      [teamAdmin, 'admin'],
    ] as const) {
      await test.app.database.db
        .insertInto('workspace_members')
        .values({ workspace_id: teamId, user_id: member.id, role, joined_at: new Date().toISOString() })
        .execute();
    }
    const moved = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/move`,
      headers: { cookie: ownerCookie },
      payload: { workspaceId: teamId },
    });
    if (moved.statusCode !== 200) throw new Error(`move: ${moved.body}`);
    knownIds.push(editor.id, teamAdmin.id);
    png = await sharp({ create: { width: 16, height: 16, channels: 4, background: '#ff0000' } })
      .png()
      .toBuffer();
    zip = storedZip([
      { name: 'layers/Eyes/Wide#1e308.png', data: png },
      { name: `layers/Eyes/${'n'.repeat(300)}.png`, data: png },
      { name: 'layers/../../escape.png', data: png },
      { name: 'layers/Hat/Cap.png', data: png },
    ]);
  }, 120_000);

  afterAll(async () => {
    reader?.close();
    await test?.close();
  });

  const tokens = new Map<string, string>();
  /** The user's session cookie: the same one while it lasts (a logout or password change ends it). */
  async function cookieOf(user: TestUser): Promise<string> {
    let token = tokens.get(user.id);
    if (!token || !(await resolveSession(test.app.database.db, token))) {
      ({ token } = await startSession(test.app.database.db, user.id));
      tokens.set(user.id, token);
    }
    return `${SESSION_COOKIE}=${token}`;
  }

  /** Stops any job a successful call started and waits for every job to settle, so nothing writes in between. */
  async function quiesce(cancel = true): Promise<void> {
    for (let attempt = 0; attempt < 600; attempt++) {
      const live = await test.app.database.db
        .selectFrom('jobs')
        .select('id')
        .where('status', 'in', ['queued', 'running'])
        .execute();
      if (live.length === 0) return;
      if (cancel) for (const job of live) await test.app.jobs.cancel(job.id);
      await setTimeout(50);
    }
    throw new Error('jobs did not settle');
  }

  /** The rows last read, with the database's version then: read again only once something was written. */
  let lastRows: { version: string; rows: Record<string, string[]> } | undefined;
  /** A read-only connection of its own to the SQLite file, whose `data_version` tells others' writes. */
  let reader: SQLite.Database | undefined;
  const statements = new Map<string, SQLite.Statement>();

  /**
   * A version of the database that changes whenever anything is written to it: SQLite's `data_version` on a
   * connection of its own changes when another connection (the app's) commits; PostgreSQL's current snapshot
   * (the transactions in flight and the next one) changes when a transaction that writes starts or ends.
   * It is read before the rows, so a write during the read makes the next version differ.
   */
  async function versionOf(): Promise<string> {
    if (kind === 'postgres') {
      const result = await sql<{ snapshot: string }>`select pg_current_snapshot()::text as snapshot`.execute(
        test.app.database.db,
      );
      return result.rows[0]!.snapshot;
    }
    const { database } = test.app.config;
    if (database.kind !== 'sqlite') throw new Error('needs SQLite');
    reader ??= new SQLite(database.file, { readonly: true });
    return String(reader.pragma('data_version', { simple: true }));
  }

  /** Every row of every table, each as JSON, by table. */
  async function readRows(): Promise<Record<string, string[]>> {
    const rows: Record<string, string[]> = {};
    if (kind === 'postgres') {
      // Every table in one query: a round trip per table took about 20 times longer.
      const db = test.app.database.db;
      const tables = await sql<{ name: string }>`
        select c.relname as name from pg_catalog.pg_class c
        join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
        where c.relkind in ('r', 'v', 'p') and ns.nspname !~ '^pg_' and ns.nspname <> 'information_schema'
          and has_schema_privilege(ns.nspname, 'USAGE') and c.relname not in (${sql.join(internalTables)})
        order by c.relname`.execute(db);
      for (const { name } of tables.rows) rows[name] = [];
      const everyRow = sql.join(
        tables.rows.map(
          ({ name }) => sql`select ${name}::text as t, row_to_json(x)::text as r from ${sql.table(name)} x`,
        ),
        sql` union all `,
      );
      const result = await sql<{ t: string; r: string }>`${everyRow}`.execute(db);
      for (const { t, r } of result.rows) rows[t]!.push(r);
      for (const name of Object.keys(rows)) rows[name]!.sort();
      return rows;
    }
    if (!reader) throw new Error('versionOf opens the reader');
    const tables = reader
      .prepare(
        `select name from sqlite_master where type in ('table', 'view') and name not like 'sqlite_%'
         and name not in (${internalTables.map((name) => `'${name}'`).join(', ')})`,
      )
      .all() as { name: string }[];
    for (const { name } of tables) {
      let statement = statements.get(name);
      if (!statement) {
        statement = reader.prepare(`select * from "${name.replaceAll('"', '""')}"`);
        statements.set(name, statement);
      }
      rows[name] = statement
        .all()
        .map((row) => JSON.stringify(row))
        .sort();
    }
    return rows;
  }

  /**
   * Every row of every table and every stored file (with size and time): what "nothing written" compares.
   * It is read before and after each request, so the rows are read again only when the database's version
   * changed (a request refused with nothing written leaves it as it was), with the tables' names alone (Kysely's
   * introspection also reads every column's type and sequence).
   */
  async function stateOf() {
    const version = await versionOf();
    if (lastRows?.version !== version) lastRows = { version, rows: await readRows() };
    const { rows } = lastRows;
    const root = join(test.dataDir, 'blobs');
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    const files: string[] = [];
    for (const entry of entries.filter((candidate) => candidate.isFile())) {
      const path = join(entry.parentPath, entry.name);
      const info = await stat(path).catch(() => undefined);
      if (info) files.push(`${relative(root, path)} ${info.size} ${info.mtimeMs}`);
    }
    return { rows, files: files.sort() };
  }

  function requestArbitrary(op: Operation): fc.Arbitrary<DrawnRequest> {
    const id = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...knownIds) },
      { weight: 1, arbitrary: hostileString.filter((text) => text.length > 0) },
    );
    const file = fc.record({
      field: fc.constantFrom('files', 'file', 'avatar', 'x'),
      filename: fc.oneof(
        fc.constantFrom(
          'Trait#5.png',
          'A#1e308.png',
          '../../evil.png',
          'layers.zip',
          'noext',
          'a.gif',
          `${'n'.repeat(3000)}.png`,
        ),
        hostileString.map((text) => `${text.replace(/["\r\n]/g, '')}.png`),
      ),
      bytes: fc.oneof(fc.constant(png), fc.constant(zip), fc.uint8Array({ maxLength: 300 })),
    });
    const files = fc.record({
      kind: fc.constant('files' as const),
      files: fc.array(file, { minLength: 1, maxLength: 3 }),
    });
    const raw = rawBodies.map((body) => ({ kind: 'raw' as const, ...body }));
    const canHaveBody = op.method !== 'GET' && op.method !== 'HEAD';
    const body: fc.Arbitrary<DrawnRequest['body']> = !canHaveBody
      ? fc.constant({ kind: 'none' })
      : op.jsonBody
        ? fc.oneof(
            {
              weight: 6,
              arbitrary: arbitraryFor(op.jsonBody).map((value) => ({ kind: 'json' as const, value })),
            },
            { weight: 1, arbitrary: raw },
            { weight: 1, arbitrary: files },
          )
        : fc.oneof(
            { weight: 3, arbitrary: files },
            { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
            { weight: 1, arbitrary: hostileValue.map((value) => ({ kind: 'json' as const, value })) },
            { weight: 1, arbitrary: raw },
          );
    return fc.record({
      who: fc.constantFrom<Who>('owner', 'other', 'editor', 'teamAdmin', 'admin', 'nobody'),
      params: fc.record(Object.fromEntries(op.pathParams.map((name) => [name, id]))),
      query: fc.record(Object.fromEntries(op.query.map((q) => [q.name, arbitraryFor(q.schema)])), {
        requiredKeys: [],
      }),
      body,
    });
  }

  async function send(op: Operation, request: DrawnRequest) {
    const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(request.params[name]!),
    );
    const query = new URLSearchParams(
      Object.entries(request.query).map(([name, value]): [string, string] => [
        name,
        typeof value === 'string' ? value : String(JSON.stringify(value)),
      ]),
    ).toString();
    const users = { owner, other, editor, teamAdmin, admin, nobody: undefined };
    const user = users[request.who];
    const headers: Record<string, string> = {};
    if (user) headers.cookie = await cookieOf(user);
    let payload: string | Buffer | undefined;
    const { body } = request;
    if (body.kind === 'json') {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.value) ?? 'null';
    } else if (body.kind === 'raw') {
      headers['content-type'] = body.contentType;
      payload = body.text;
    } else if (body.kind === 'files') {
      const multipart = multipartFiles(body.files);
      Object.assign(headers, multipart.headers);
      payload = multipart.payload;
    }
    const url = query ? `${path}?${query}` : path;
    const before = await stateOf();
    const response = await test.app.inject({
      method: op.method as 'GET',
      url,
      headers,
      payload,
      remoteAddress: freshIp(),
    });
    return { url, before, response };
  }

  it('finds the routes in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it.each(operations)(
    '$method $path: no 5xx, and nothing written on a 4xx',
    async (op) => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(op), async (request) => {
          const { url, before, response } = await send(op, request);
          const said = `${op.method} ${url.slice(0, 300)} as ${request.who} with ${describeBody(request.body)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, said).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(response.json().status, said).toBe('error');
            expect(await stateOf(), said).toEqual(before);
          } else {
            await quiesce();
          }
        }),
        { numRuns: runsFor(kind), endOnFailure: true },
      );
    },
    300_000,
  );
});

/** A short account of a drawn body for failure messages. */
function describeBody(body: DrawnRequest['body']): string {
  if (body.kind === 'files') {
    return `files ${JSON.stringify(body.files.map((file) => [file.field, file.filename.slice(0, 60), file.bytes.length]))}`;
  }
  if (body.kind === 'raw') return `${body.contentType} ${JSON.stringify(body.text.slice(0, 80))}`;
  if (body.kind === 'json') return `JSON ${String(JSON.stringify(body.value)).slice(0, 200)}`;
  return 'no body';
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
