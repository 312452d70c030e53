import { useEffect, useRef } from "react";
import { useLocation } from "wouter";
import { toast } from "../lib/toast.ts";

const UPDATED_FLAG = "npt.updatedTo";
let updateReady = false;

/**
 * Registers the service worker once the page has loaded and is idle (it must not cost the first
 * paint). A worker taking over from another means a new build: the next screen change loads it.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const hadController = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController) updateReady = true;
  });
  const register = () => {
    navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  };
  const later = () =>
    "requestIdleCallback" in window ? window.requestIdleCallback(register) : setTimeout(register, 1);
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}

/**
 * With a new build waiting, moving to another screen loads the page afresh (on the new build) instead
 * of drawing it with the old code; the new page then says it was updated.
 */
export function UpdateOnNavigate() {
  const [location] = useLocation();
  const first = useRef(location);
  useEffect(() => {
    if (sessionStorage.getItem(UPDATED_FLAG)) {
      sessionStorage.removeItem(UPDATED_FLAG);
      toast({
        title: "Updated to the latest version",
        description: "This page now runs the newest NFL Paper Trading.",
      });
    }
  }, []);
  useEffect(() => {
    if (location === first.current || !updateReady) return;
    sessionStorage.setItem(UPDATED_FLAG, "1");
    // The address is already the new screen's (the router pushed it): loading it again brings the new build.
    window.location.reload();
  }, [location]);
  return null;
}
