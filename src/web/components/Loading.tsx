import type { ReactNode } from "react";

/** What a screen or panel shows while its data is on the way. */
export function Loading({ children = "Loading…" }: { children?: ReactNode }) {
  return (
    <p className="page-loading" aria-busy="true">
      {children}
    </p>
  );
}
