// Frozen in time: migrations never import from src/. The step is engine-neutral (Kysely's query
// builder only), so PostgreSQL runs SQLite's 0032 as it stands.
export { down, up } from "../0032_emails_without_trailing_dot.ts";
