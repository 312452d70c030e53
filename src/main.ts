#!/usr/bin/env bun
// The entry. Only what must come first is imported here; the program (every command and the ~half
// second its modules take to load) comes after the stop signals are handled (early-stop.ts).
import "./production-mode.ts";
import "./early-stop.ts";

await import("./cli/program.ts");
