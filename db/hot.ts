import type { CompiledQuery, Kysely } from "kysely";
import { dialectOf } from "./open";

const MARK = "\u0000hot-arg:";

/**
 * A query on a money request's path, built and compiled by Kysely once per dialect and then run with each
 * call's values bound in place of the first build's. Building and compiling cost ~20 µs a query, several times
 * what SQLite then takes to run it, and a gift runs about fifteen of them.
 *
 * `build` must use each argument as it is, once or more, as a bound value (a `where`/`values` operand), never
 * in the query's shape (no `if`, no list lengths, no identifiers, no computing with it): the first build runs
 * with markers in their place and an argument that does not come out as a parameter is refused at once.
 */
export function hotQuery<DB, A extends unknown[], R>(build: (db: Kysely<DB>, ...args: A) => { compile(): CompiledQuery<R> }) {
  const compiled = new Map<string, { query: CompiledQuery<R>; slots: number[] }>();
  return async function run(db: Kysely<DB>, ...args: A): Promise<R[]> {
    const dialect = dialectOf(db);
    let entry = compiled.get(dialect);
    if (!entry) {
      const marks = args.map((_, i) => `${MARK}${i}`) as unknown as A;
      const query = build(db, ...marks).compile();
      const slots = query.parameters.map((p) => (typeof p === "string" && p.startsWith(MARK) ? Number(p.slice(MARK.length)) : -1));
      for (let i = 0; i < args.length; i++)
        if (!slots.includes(i)) throw new Error(`hotQuery: argument ${i} is not a bound value of ${query.sql}`);
      entry = { query, slots };
      compiled.set(dialect, entry);
    }
    const { query, slots } = entry;
    const parameters = slots.map((s, j) => (s >= 0 ? args[s] : query.parameters[j]));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
