import { useEffect } from "react";
import { SWRConfig } from "swr";
import { forgetSeeds, swrConfig } from "../lib/swr.ts";
import { LiveUpdates } from "./LiveUpdates.tsx";
import { Onboarding } from "./Onboarding.tsx";
import { UpdateOnNavigate } from "./service-worker.tsx";
import { AppRoutes } from "./routes.tsx";
import { Shell } from "./shell/Shell.tsx";
import { Toaster } from "./Toaster.tsx";

export function App() {
  // After the first commit (a hydration's): the server's answers not shown by then are asked for as usual;
  // the page says it runs (browser tests wait for it before judging a hydration).
  useEffect(() => {
    forgetSeeds();
    document.documentElement.dataset.app = "running";
  }, []);
  return (
    <SWRConfig value={swrConfig}>
      <LiveUpdates />
      <UpdateOnNavigate />
      <Shell>
        <AppRoutes />
      </Shell>
      <Onboarding />
      <Toaster />
    </SWRConfig>
  );
}
