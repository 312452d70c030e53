// Imported first by main.ts, before any module reads NODE_ENV: the app runs in production mode
// unless the operator says otherwise. Elysia decides once, at import, whether its validation
// errors pretty-print the offending value (slow on hostile input) — production keeps them terse.
if (!process.env.NODE_ENV) process.env.NODE_ENV = "production";
