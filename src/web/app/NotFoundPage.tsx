import { Link } from "wouter";
import { usePageTitle } from "../lib/page-title.ts";

export function NotFoundPage() {
  usePageTitle("Page not found");
  return (
    <section className="not-found">
      <h1>404 Page Not Found</h1>
      <p>There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <Link href="/" className="button-link">
        Go to Games
      </Link>
    </section>
  );
}
