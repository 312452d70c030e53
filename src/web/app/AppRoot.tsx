import { StrictMode } from "react";
import { Router } from "wouter";
import { type RenderEnv, RenderEnvProvider } from "../lib/render-env.tsx";
import { App } from "./App.tsx";

/**
 * The app with what the server rendered it from: on the server, the request's path and values; in
 * the browser, the same values while it hydrates that HTML (null in a page it draws alone).
 */
export function AppRoot({ env, ssrPath, ssrSearch }: { env: RenderEnv | null; ssrPath?: string; ssrSearch?: string }) {
  return (
    <StrictMode>
      <RenderEnvProvider env={env}>
        <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
          <App />
        </Router>
      </RenderEnvProvider>
    </StrictMode>
  );
}
