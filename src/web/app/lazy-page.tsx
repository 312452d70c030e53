import { useEffect, useState, type ComponentType } from "react";
import { Loading } from "../components/Loading.tsx";

/**
 * A screen whose code loads on first visit, without Suspense: React holds a revealed Suspense
 * boundary back for up to 300 ms after its fallback showed, which would delay the first screen
 * people see (and never end under a paused test clock). Here the screen renders the moment its
 * chunk arrives.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null; // a later visit tries again
        throw error;
      },
    ));

  return function LazyPage(props: P) {
    const [, setReady] = useState(loaded !== null);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (loaded) return;
      let live = true;
      start().then(
        () => live && setReady(true),
        () => live && setFailed(true),
      );
      return () => {
        live = false;
      };
    }, []);
    if (loaded) {
      const Page = loaded;
      return <Page {...props} />;
    }
    if (failed) {
      return (
        <p className="page-loading" role="alert">
          This screen could not be loaded. Check your connection and reload the page.
        </p>
      );
    }
    return <Loading />;
  };
}
