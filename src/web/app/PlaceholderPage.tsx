import { PageHeader } from "../components/PageHeader.tsx";

/** A screen that exists in the navigation but whose feature is not built yet. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <article className="empty-state">
        <p>This screen is not available yet.</p>
      </article>
    </>
  );
}
