/**
 * The floors of the HTTP bench (issue 15): a bare `node:http` server whose GET /select runs one
 * prepared `SELECT 1`, and whose POST /insert writes one row in autocommit, through a `pg` pool
 * of the size Giro uses (FLOOR_DATABASE_URL), or through an in-process PGlite (no URL; on disk
 * in FLOOR_DATA_DIR, as Giro's is): what
 * one round trip to that engine costs with nothing else in the way.
 */
import { createServer } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const url = process.env.FLOOR_DATABASE_URL;
const CREATE = 'create table if not exists bench_floor (id bigserial primary key, body jsonb not null)';

async function engine(): Promise<{ select(): Promise<unknown>; insert(body: string): Promise<unknown> }> {
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.FLOOR_POOL ?? 10) });
    await pool.query(CREATE);
    return {
      select: () => pool.query({ name: 'floor_select', text: 'select 1' }),
      insert: (body) =>
        pool.query({
          name: 'floor_insert',
          text: 'insert into bench_floor (body) values ($1)',
          values: [body],
        }),
    };
  }
  const db = await PGlite.create({ dataDir: process.env.FLOOR_DATA_DIR || undefined });
  await db.query(CREATE);
  return {
    select: () => db.query('select 1'),
    insert: (body) => db.query('insert into bench_floor (body) values ($1)', [body]),
  };
}

const db = await engine();
const SIGNED_OUT = JSON.stringify({ authenticated: false });

createServer((request, response) => {
  const answer = (status: number, body: string) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(body);
  };
  const fail = () => answer(500, '{}');
  // No database at all: what the load client and node:http cost by themselves.
  if (request.method === 'GET' && request.url === '/constant') return answer(200, SIGNED_OUT);
  if (request.method === 'GET' && request.url === '/select') {
    db.select().then(() => answer(200, SIGNED_OUT), fail);
    return;
  }
  if (request.method === 'POST' && request.url === '/insert') {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      db.insert(Buffer.concat(chunks).toString() || '{}').then(() => answer(201, '{"ok":true}'), fail);
    });
    return;
  }
  answer(404, '{}');
}).listen(Number(process.env.PORT), '127.0.0.1');
