// Imported first by main.ts, before any module reads NODE_ENV: the app runs in production mode
// unless the operator says otherwise. Elysia decides once, at import, whether its validation
// errors pretty-print the offending value (slow on hostile input) — production keeps them terse.
// React's production build only works with the production JSX transform (jsx-mode/probe.tsx).
import { jsxTransform } from "./jsx-mode/probe.tsx";

if (!process.env.NODE_ENV && jsxTransform === "production") process.env.NODE_ENV = "production";
