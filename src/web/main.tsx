import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { captureReferral } from "./lib/referral.ts";
import { registerServiceWorker } from "./app/service-worker.tsx";

captureReferral();
registerServiceWorker();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
