import { sql, type Kysely, type RawBuilder } from "kysely";

/**
 * Batches as one bound parameter. A 500-row multi-row INSERT is thousands of parameters and
 * operation nodes for Kysely to build, freeze and compile, and a new SQL text for every batch size;
 * a JSON array bound once and unpacked by SQLite's json_each is a small, constant statement.
 */

type Scalar = string | number | null;

/** `(select value from json_each(?))`: for `where(column, "in", jsonList(ids))`. */
export function jsonList<T extends Scalar>(values: readonly T[]): RawBuilder<T> {
  return sql<T>`(select value from json_each(${JSON.stringify(values)}))`;
}

/**
 * The rows as a SELECT with one column per key of `columns`, in that order: for
 * `insertInto(t).columns(columns).expression(jsonRows(db, columns, rows))`. It carries `where true`,
 * which SQLite needs to read a following ON CONFLICT as an upsert rather than a join constraint.
 */
export function jsonRows<C extends string>(db: Kysely<any>, columns: readonly C[], rows: readonly Record<C, Scalar>[]) {
  const packed = JSON.stringify(rows.map((row) => columns.map((c) => row[c])));
  return db
    .selectFrom(sql`json_each(${packed})`.as("batch"))
    .select(columns.map((c, i) => sql<Scalar>`batch.value ->> ${sql.lit(i)}`.as(c)))
    .where(sql<boolean>`true`);
}
