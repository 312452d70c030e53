import { sql, type RawBuilder } from "kysely";
import type { AnyDb } from "./connection.ts";
import { engineOf } from "./engine.ts";

/**
 * Batches as one bound parameter. A 500-row multi-row INSERT is thousands of parameters and
 * operation nodes for Kysely to build, freeze and compile, and a new SQL text for every batch size;
 * a JSON array bound once and unpacked by the engine is a small, constant statement: SQLite's
 * json_each, PostgreSQL's arrays (unnest) and json_populate_recordset, which types each column
 * from the table itself.
 */

type Scalar = string | number | null;

/** A list for `where(column, "in", jsonList(db, ids))`. */
export function jsonList<T extends Scalar>(db: AnyDb, values: readonly T[]): RawBuilder<T> {
  if (engineOf(db).name === "postgres") {
    // PostgreSQL must know the array's type: integers compare with integer columns through their index.
    const type = values.every((v) => typeof v === "number" && Number.isInteger(v))
      ? sql`bigint[]`
      : values.every((v) => typeof v === "number")
        ? sql`double precision[]`
        : sql`text[]`;
    return sql<T>`(select unnest(cast(${values as T[]} as ${type})))`;
  }
  return sql<T>`(select value from json_each(${JSON.stringify(values)}))`;
}

/**
 * The rows as a SELECT with one column per key of `columns`, in that order: for
 * `insertInto(table).columns(columns).expression(jsonRows(db, table, columns, rows))`. It carries
 * `where true`, which SQLite needs to read a following ON CONFLICT as an upsert rather than a join
 * constraint.
 */
export function jsonRows<C extends string>(
  db: AnyDb,
  table: string,
  columns: readonly C[],
  rows: readonly Record<C, Scalar>[],
) {
  if (engineOf(db).name === "postgres") {
    const packed = JSON.stringify(rows.map((row) => Object.fromEntries(columns.map((c) => [c, row[c]]))));
    return db
      .selectFrom(sql`json_populate_recordset(null::${sql.table(table)}, ${packed}::json)`.as("batch"))
      .select(columns.map((c) => sql<Scalar>`batch.${sql.ref(c)}`.as(c)))
      .where(sql<boolean>`true`);
  }
  const packed = JSON.stringify(rows.map((row) => columns.map((c) => row[c])));
  return db
    .selectFrom(sql`json_each(${packed})`.as("batch"))
    .select(columns.map((c, i) => sql<Scalar>`batch.value ->> ${sql.lit(i)}`.as(c)))
    .where(sql<boolean>`true`);
}

/** A column type `jsonTable` names to PostgreSQL (SQLite takes the JSON values as they are). */
type ColumnType = "integer" | "text";

/**
 * Rows as a FROM item named `alias`, one bound parameter however many rows: for a correlated
 * `exists (select 1 from <jsonTable> where …)` over a list of pairs (a member and when they joined).
 */
export function jsonTable<C extends string>(
  db: AnyDb,
  alias: string,
  columns: Readonly<Record<C, ColumnType>>,
  rows: readonly Record<C, Scalar>[],
): RawBuilder<unknown> {
  const names = Object.keys(columns) as C[];
  if (engineOf(db).name === "postgres") {
    const packed = JSON.stringify(rows.map((row) => Object.fromEntries(names.map((c) => [c, row[c]]))));
    const types = sql.join(names.map((c) => sql`${sql.ref(c)} ${sql.raw(columns[c])}`));
    return sql`json_to_recordset(cast(${packed} as json)) as ${sql.table(alias)}(${types})`;
  }
  const packed = JSON.stringify(rows.map((row) => names.map((c) => row[c])));
  const picks = sql.join(names.map((c, i) => sql`value ->> ${sql.lit(i)} as ${sql.ref(c)}`));
  return sql`(select ${picks} from json_each(${packed})) as ${sql.table(alias)}`;
}
