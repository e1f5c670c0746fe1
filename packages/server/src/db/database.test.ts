import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from './database.ts';

describe('the PostgreSQL database handle', () => {
  it('survives the server ending an idle connection and reconnects on the next query', async () => {
    const lost: Error[] = [];
    const database = openDatabase({ kind: 'postgres', url: inject('postgresUrl') }, (error) =>
      lost.push(error),
    );
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      const admin = new pg.Client({ connectionString: inject('postgresUrl') });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await admin.end();
      await expect.poll(() => lost.length).toBe(1);
      expect(await database.ping()).toBe(true);
    } finally {
      await database.close();
    }
  });
});
