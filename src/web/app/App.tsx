import { SWRConfig } from "swr";
import { swrConfig } from "../lib/swr.ts";
import { LiveUpdates } from "./LiveUpdates.tsx";
import { Onboarding } from "./Onboarding.tsx";
import { UpdateOnNavigate } from "./service-worker.tsx";
import { AppRoutes } from "./routes.tsx";
import { Shell } from "./shell/Shell.tsx";
import { Toaster } from "./Toaster.tsx";
import { PushOptIn } from "../components/PushOptIn.tsx";

export function App() {
  return (
    <SWRConfig value={swrConfig}>
      <LiveUpdates />
      <UpdateOnNavigate />
      <Shell>
        <AppRoutes />
      </Shell>
      <Onboarding />
      <PushOptIn />
      <Toaster />
    </SWRConfig>
  );
}
