import { afterAll } from "bun:test";
import { wireModules } from "../src/wiring.ts";
import { dropTestDatabases } from "./databases.ts";

// Tests that call services without building the app still have the modules connected, as at start.
wireModules();

// Once after every file of a `bun test` run: the PostgreSQL databases made ahead or dropped lazily go.
afterAll(dropTestDatabases);
