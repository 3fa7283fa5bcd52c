import { CHECKSUM_PRIME, type LoggedRequest, requestLogSince } from '../db/api-request.queries';
import type { Db } from '../db/client';

interface Checksum {
  count: number;
  idSum: bigint;
  idSquareSum: bigint;
}

/**
 * This instance's copy of the API request log from a moving start on (the monitoring page's
 * last day), so that the page sorts a day of durations in memory instead of in SQL each time.
 * Each read asks the table, in one statement, for the rows written since the copy's last id and
 * for a checksum of every row from the start on (count, sum of ids, sum of their squares modulo
 * a prime): the copy, moved forward, must match it exactly. Anything else (a batch another
 * instance committed late under a smaller id, a prune, a start moved back) reloads the copy
 * whole, so what the page shows is always what the table holds in that statement's snapshot.
 */
export class RequestWindow {
  private rows: LoggedRequest[] = [];
  private sinceUs = Number.POSITIVE_INFINITY;
  private lastId = 0;
  private checksum: Checksum = { count: 0, idSum: 0n, idSquareSum: 0n };
  private reading: Promise<unknown> = Promise.resolve();

  /** Reads (one after another) the rows from `since` on, as the table holds them now. */
  read(db: Db, since: Date): Promise<readonly LoggedRequest[]> {
    const next = this.reading.then(() => this.catchUp(db, since));
    this.reading = next.catch(() => {});
    return next;
  }

  private async catchUp(db: Db, since: Date): Promise<readonly LoggedRequest[]> {
    const sinceUs = since.getTime() * 1000;
    if (sinceUs >= this.sinceUs) {
      const { checksum, added } = await requestLogSince(db, since, this.lastId);
      const kept = this.rows.filter((row) => row.atUs >= sinceUs);
      let moved = this.checksum;
      for (const row of this.rows) if (row.atUs < sinceUs) moved = withRow(moved, row, -1n);
      for (const row of added) moved = withRow(moved, row, 1n);
      if (same(moved, checksum)) {
        this.keep(kept.concat(added), sinceUs, checksum, this.lastId);
        return this.rows;
      }
    }
    const { checksum, added } = await requestLogSince(db, since, 0);
    this.keep(added, sinceUs, checksum, 0);
    return this.rows;
  }

  private keep(rows: LoggedRequest[], sinceUs: number, checksum: Checksum, lastId: number) {
    this.rows = rows;
    this.sinceUs = sinceUs;
    this.checksum = checksum;
    this.lastId = rows.reduce((last, row) => Math.max(last, row.id), lastId);
  }
}

const prime = BigInt(CHECKSUM_PRIME);

function withRow(checksum: Checksum, row: LoggedRequest, sign: bigint): Checksum {
  const id = BigInt(row.id);
  return {
    count: checksum.count + Number(sign),
    idSum: checksum.idSum + sign * id,
    idSquareSum: checksum.idSquareSum + sign * (((id % prime) * (id % prime)) % prime),
  };
}

const same = (a: Checksum, b: Checksum) =>
  a.count === b.count && a.idSum === b.idSum && a.idSquareSum === b.idSquareSum;
