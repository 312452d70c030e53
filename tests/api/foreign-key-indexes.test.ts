/**
 * Every foreign key's referencing columns lead an index, on the engine this run uses. Deleting or
 * re-keying a parent row makes the engine look for its children (to refuse, cascade or set null):
 * without an index leading with the child's column that is a scan of the whole child table, inside
 * the write (issue 41: cancelling one bet read every bet for tails to clear, 3.5 ms at 22,720 bets).
 * A composite key needs an index whose leading columns are its columns, in any order. A partial
 * index counts only when its predicate is `<column> IS NOT NULL` (every child lookup is `column =
 * ?`, which implies it); a partial index on anything else misses children. On SQLite a lone INTEGER
 * PRIMARY KEY is the table's own b-tree. The catalogs: `pragma foreign_key_list` / `index_list` /
 * `index_info` on SQLite, `pg_constraint` and `pg_index` on PostgreSQL.
 */
import { expect, test } from "bun:test";
import { sql } from "kysely";
import type { Db } from "../../src/runtime/connection.ts";
import { freshDatabase, onPostgres } from "../databases.ts";

interface ForeignKey {
  table: string;
  columns: string[];
  references: string;
}

interface Index {
  table: string;
  name: string;
  columns: string[];
  /** A partial index's predicate, as the catalog writes it; null for a whole-table index. */
  predicate: string | null;
}

async function sqliteCatalog(db: Db): Promise<{ keys: ForeignKey[]; indexes: Index[] }> {
  const tables = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const keys: ForeignKey[] = [];
  const indexes: Index[] = [];
  for (const { name: table } of tables.rows) {
    const fks = await sql<{
      id: number;
      seq: number;
      table: string;
      from: string;
    }>`select * from pragma_foreign_key_list(${table})`.execute(db);
    const byId = Map.groupBy(fks.rows, (fk) => fk.id);
    for (const parts of byId.values()) {
      const sorted = parts.sort((a, b) => a.seq - b.seq);
      keys.push({ table, columns: sorted.map((p) => p.from), references: sorted[0]!.table });
    }
    const info = await sql<{
      name: string;
      type: string;
      pk: number;
    }>`select * from pragma_table_info(${table})`.execute(db);
    const key = info.rows.filter((c) => c.pk > 0);
    if (key.length === 1 && key[0]!.type.toUpperCase() === "INTEGER")
      indexes.push({ table, name: "(rowid)", columns: [key[0]!.name], predicate: null });
    const list = await sql<{ name: string; partial: number }>`select * from pragma_index_list(${table})`.execute(db);
    for (const index of list.rows) {
      const parts = await sql<{
        seqno: number;
        name: string | null;
      }>`select * from pragma_index_info(${index.name})`.execute(db);
      const made = await sql<{
        sql: string | null;
      }>`select sql from sqlite_master where type = 'index' and name = ${index.name}`.execute(db);
      const text = made.rows[0]?.sql ?? "";
      indexes.push({
        table,
        name: index.name,
        columns: parts.rows.sort((a, b) => a.seqno - b.seqno).map((p) => p.name ?? "(expression)"),
        predicate: index.partial ? text.slice(text.toLowerCase().lastIndexOf(" where ") + 7) : null,
      });
    }
  }
  return { keys, indexes };
}

async function postgresCatalog(db: Db): Promise<{ keys: ForeignKey[]; indexes: Index[] }> {
  const keys = await sql<ForeignKey>`
    select t.relname as "table", p.relname as "references",
           array(select a.attname::text from unnest(c.conkey) with ordinality as k(attnum, n)
                 join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum order by k.n) as columns
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_class p on p.oid = c.confrelid
    join pg_namespace s on s.oid = t.relnamespace
    where c.contype = 'f' and s.nspname = current_schema()`.execute(db);
  // indkey counts from 0; an expression's slot holds attnum 0 and matches no column.
  const indexes = await sql<Index>`
    select t.relname as "table", i.relname as name,
           array(select coalesce(a.attname::text, '(expression)') from generate_subscripts(x.indkey, 1) as k
                 left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = x.indkey[k]
                 where k < x.indnkeyatts order by k) as columns,
           pg_get_expr(x.indpred, x.indrelid, true) as predicate
    from pg_index x
    join pg_class t on t.oid = x.indrelid
    join pg_class i on i.oid = x.indexrelid
    join pg_namespace s on s.oid = t.relnamespace
    where s.nspname = current_schema()`.execute(db);
  return { keys: keys.rows, indexes: indexes.rows };
}

/** Whether a partial index's predicate is "column IS NOT NULL" (quotes, parentheses and case aside). */
function onlyNonNull(predicate: string, column: string): boolean {
  const text = predicate
    .toLowerCase()
    .replace(/["`()]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return text === `${column.toLowerCase()} is not null`;
}

/** Whether `index` leads with the key's columns (in any order) and holds every row a child lookup needs. */
function serves(index: Index, key: ForeignKey): boolean {
  if (index.table !== key.table) return false;
  const leading = index.columns.slice(0, key.columns.length);
  if (leading.length < key.columns.length || !key.columns.every((c) => leading.includes(c))) return false;
  return index.predicate === null || key.columns.some((c) => onlyNonNull(index.predicate!, c));
}

test(`every foreign key's referencing columns lead an index (${onPostgres ? "PostgreSQL" : "SQLite"})`, async () => {
  const handle = await freshDatabase();
  try {
    const { keys, indexes } = await (onPostgres ? postgresCatalog(handle.db) : sqliteCatalog(handle.db));
    // The catalog reads see what they should: the schema's many keys, the index on bets(user_id, …).
    expect(keys.length).toBeGreaterThan(25);
    expect(keys.some((k) => k.table === "bets" && k.columns.join() === "user_id")).toBe(true);
    expect(indexes.filter((i) => i.table === "bets").length).toBeGreaterThan(3);
    const unindexed = keys
      .filter((key) => !indexes.some((index) => serves(index, key)))
      .map((key) => `${key.table}(${key.columns.join(", ")}) → ${key.references}`)
      .sort();
    expect(unindexed).toEqual([]);
  } finally {
    await handle.close();
  }
});

test("a partial index serves a child lookup only when it keeps every non-null key", () => {
  const key: ForeignKey = { table: "bets", columns: ["prop_id"], references: "game_props" };
  const index = (predicate: string | null, columns = ["prop_id"]): Index => ({
    table: "bets",
    name: "i",
    columns,
    predicate,
  });
  expect(serves(index(null), key)).toBe(true);
  expect(serves(index('("prop_id" is not null)'), key)).toBe(true);
  expect(serves(index("prop_id IS NOT NULL"), key)).toBe(true);
  expect(serves(index("status = 'pending'"), key)).toBe(false);
  expect(serves(index(null, ["game_id", "prop_id"]), key)).toBe(false);
  const pair: ForeignKey = { table: "bets", columns: ["a", "b"], references: "x" };
  expect(serves(index(null, ["b", "a", "c"]), pair)).toBe(true);
  expect(serves(index(null, ["a"]), pair)).toBe(false);
});
