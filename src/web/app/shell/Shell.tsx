import type { ReactNode } from "react";
import { PushOptIn } from "../../components/PushOptIn.tsx";
import { MobileBar } from "./MobileBar.tsx";
import { OfflineLine } from "./OfflineLine.tsx";
import { SlipDrawer } from "./SlipDrawer.tsx";
import { TopBar } from "./TopBar.tsx";

/** The frame around every screen: top bar, the screen, and the bottom bar on phones. */
export function Shell({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopBar />
      <OfflineLine />
      {/* Focusable from script: the skip link's target, and where focus lands when the slip closes with nothing else to go back to. */}
      <main id="main" className="container page" tabIndex={-1}>
        <PushOptIn />
        {children}
      </main>
      <MobileBar />
      <SlipDrawer />
    </>
  );
}
