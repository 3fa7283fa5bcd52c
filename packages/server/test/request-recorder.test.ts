import { asc } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { apiRequests } from '../src/db/schema';
import { type RecordedRequest, RequestRecorder } from '../src/monitoring/request-recorder';
import { openTestDatabase } from './support/test-database';

/**
 * The API log's recorder keeps requests column by column and writes each batch as a handful of
 * texts the database splits (monitoring/request-recorder.ts): what comes back must be exactly
 * what was recorded, row by row, on both engines.
 */
let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

const USER = '6f1c2b4a-8d3e-4f5a-9b7c-0d1e2f3a4b5c';

function entry(i: number, base: number): RecordedRequest {
  return {
    // Every millisecond of a second, a few seconds apart: to_timestamp's rounding is exercised.
    at: new Date(base + i * 1_001),
    method: i % 3 === 0 ? 'POST' : 'GET',
    route: i % 5 === 0 ? '(unmatched)' : `/api/r${i % 7}/:id, with "quotes", {braces} and \\`,
    status: 200 + (i % 400),
    durationMs: i / 7 + 0.000_123,
    userId: i % 2 === 0 ? null : USER,
    requestId: `req-${i}`,
  };
}

async function logged() {
  const rows = await database!.db.select().from(apiRequests).orderBy(asc(apiRequests.at));
  return rows.map(({ at, method, route, status, durationMs, userId, requestId }) => ({
    at,
    method,
    route,
    status,
    durationMs,
    userId,
    requestId,
  }));
}

describe('RequestRecorder', () => {
  it('writes back exactly what it recorded, over several batches', async () => {
    database = await openTestDatabase();
    const recorder = new RequestRecorder(database.db, pino({ level: 'silent' }));
    const base = Date.UTC(2026, 10, 28, 12, 0, 0, 1);
    const recorded = Array.from({ length: 2_345 }, (_, i) => entry(i, base));
    for (const request of recorded) recorder.record(request);
    await recorder.stop();
    expect(recorder.buffered).toBe(0);
    expect(recorder.droppedCount).toBe(0);
    expect(await logged()).toEqual(recorded);
  });

  it('writes a batch of one request without a user', async () => {
    database = await openTestDatabase();
    const recorder = new RequestRecorder(database.db, pino({ level: 'silent' }));
    const only = entry(0, Date.UTC(2026, 0, 1));
    recorder.record(only);
    await recorder.flush();
    expect(await logged()).toEqual([only]);
  });

  it('drops and counts the oldest when the buffer is full, and writes the rest in order', async () => {
    database = await openTestDatabase();
    const recorder = new RequestRecorder(database.db, pino({ level: 'silent' }));
    const base = Date.UTC(2026, 5, 1);
    // Recorded in one go: the flush the thousandth entry asks for runs only after this loop, so
    // 20,000 fit and the last 500 push out the oldest, as while the database is slow.
    const recorded = Array.from({ length: 20_500 }, (_, i) => entry(i, base));
    for (const request of recorded) recorder.record(request);
    expect(recorder.droppedCount).toBe(500);
    expect(recorder.buffered).toBe(20_000);
    await recorder.stop();
    const rows = await logged();
    expect(rows.length).toBe(20_000);
    expect(rows[0]).toEqual(recorded[500]);
    expect(rows.at(-1)).toEqual(recorded.at(-1));
  });
});
