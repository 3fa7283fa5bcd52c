import { openBenchDatabase } from './database';
import { median, printTable, round, writeResult } from './report';
import { seedOrganizations } from './seed';

/**
 * The age benches' measurement and table: at each age, the code now against the code before, in
 * alternating blocks (after one warm-up pair, uncounted), their medians, each as a ratio to the
 * first age's, and now over before.
 */
export class AgeTable {
  private readonly rows: number[][] = [];
  private first?: { now: number; before: number };

  constructor(
    private readonly name: string,
    /** What the age is in, what is counted, what is timed now and before. */
    private readonly headers: [age: string, count: string, now: string, before: string],
    private readonly blocks = 7,
  ) {}

  async measure(age: number, count: number, now: () => Promise<number>, before: () => Promise<number>) {
    const nows: number[] = [];
    const befores: number[] = [];
    for (let block = -1; block < this.blocks; block++) {
      const a = await now();
      const b = await before();
      if (block >= 0) {
        nows.push(a);
        befores.push(b);
      }
    }
    const figures = { now: median(nows), before: median(befores) };
    this.first ??= figures;
    this.rows.push([
      age,
      count,
      round(figures.now, 0),
      round(figures.now / this.first.now),
      round(figures.before, 0),
      round(figures.before / this.first.before),
      round(figures.now / figures.before),
    ]);
  }

  print(): void {
    const [age, count, now, before] = this.headers;
    const headers = [age, count, now, 'ratio to the first', before, 'its ratio to the first', 'now ÷ before'];
    printTable(headers, this.rows);
    writeResult(this.name, { headers, rows: this.rows });
  }
}

/** The age benches' database: a fresh PostgreSQL one with fifty families of six, signed out. */
export async function fiftyFamilies() {
  const database = await openBenchDatabase('postgres');
  const organizations = await seedOrganizations(database.db, 'x'.repeat(32), {
    organizations: 50,
    members: 6,
    sessions: false,
  });
  return { database, db: database.db, organizations };
}
