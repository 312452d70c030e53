import { useEffect, useState } from "react";

/** The browser's clock, re-read every `everyMs`, so "Just now" turns into "1 hour ago" on an open page. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
