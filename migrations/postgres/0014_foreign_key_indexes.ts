// Frozen in time: migrations never import from src/.
// The same indexes as SQLite's 0029_foreign_key_indexes (PostgreSQL never indexes a referencing
// column by itself): every foreign key's referencing column leads an index, partial where mostly null.
export { down, up } from "../0029_foreign_key_indexes.ts";
