// Frozen in time: migrations never import from src/. The step is engine-neutral (Kysely's query
// builder only), so PostgreSQL runs SQLite's 0019 as it stands.
export { down, up } from "../0019_deleted_account_placeholders.ts";
