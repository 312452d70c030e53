import { useEffect } from "react";

const APP_NAME = "NFL Paper Trading";

/** Names the browser tab after the screen. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
