import crypto from "node:crypto";
import pg from "pg";

/**
 * Where test stores live. `npm test` runs on SQLite files; `npm run test:pg` sets PG_TEST_URL (a
 * PostgreSQL server the script started or was given) and every test stack then gets a fresh database.
 */
export const pgTestUrl = (): string | null => process.env.PG_TEST_URL || null;

/** A new empty database on the test server, as a URL; null when the suites run on SQLite. */
export async function freshTestDatabase(): Promise<string | null> {
  const admin = pgTestUrl();
  if (!admin) return null;
  const name = `krw_t_${crypto.randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database made by freshTestDatabase (its pools must be closed first). */
export async function dropTestDatabase(url: string | null): Promise<void> {
  const admin = pgTestUrl();
  if (!admin || !url) return;
  const name = new URL(url).pathname.slice(1);
  if (!/^krw_t_[0-9a-f]+$/.test(name)) return;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
