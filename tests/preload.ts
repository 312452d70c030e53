import { afterAll } from "bun:test";
import { dropTestDatabases } from "./databases.ts";

// Once after every file of a `bun test` run: the PostgreSQL databases made ahead or dropped lazily go.
afterAll(dropTestDatabases);
