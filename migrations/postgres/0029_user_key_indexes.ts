// Frozen in time: migrations never import from src/.
// The same indexes as SQLite's 0044_user_key_indexes: the user columns of pools, league talk and
// webhooks lead an index.
export { down, up } from "../0044_user_key_indexes.ts";
