import { createRoot, hydrateRoot } from "react-dom/client";
import { AppRoot } from "./app/AppRoot.tsx";
import { type FirstScreen, pageRequestedAt, readFirstScreen, rememberFirstScreen } from "./app/first-screen.ts";
import { loadScreen } from "./app/routes.tsx";
import { registerServiceWorker } from "./app/service-worker.tsx";
import { captureReferral } from "./lib/referral.ts";
import { seedQueries } from "./lib/swr.ts";
import { rememberZone } from "./lib/viewer-zone.ts";

captureReferral();
registerServiceWorker();
rememberZone();

const root = document.getElementById("root")!;
const first = readFirstScreen();

/** The server's HTML of this very address, with the answers it was rendered from. */
function isThisPage(first: FirstScreen | null): first is FirstScreen {
  return first !== null && root.firstChild !== null && first.url === location.pathname + location.search;
}

if (isThisPage(first)) {
  seedQueries(first.queries, pageRequestedAt());
  rememberFirstScreen(first);
  // The screen's code first: hydrating before it is here would draw its loading state over the HTML.
  void loadScreen(location.pathname)
    .catch(() => undefined)
    .then(() => hydrateRoot(root, <AppRoot env={first.env} />));
} else {
  // No server render of this address (the service worker's offline copy of the shell): the browser draws it.
  root.replaceChildren();
  createRoot(root).render(<AppRoot env={null} />);
}
