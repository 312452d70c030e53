import type { ReactNode } from "react";
import { MobileBar } from "./MobileBar.tsx";
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
      <main id="main" className="container page">
        {children}
      </main>
      <MobileBar />
      <SlipDrawer />
    </>
  );
}
