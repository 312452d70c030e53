/** A font file imported `with { type: "file" }`: its path, inside the compiled binary too (share-card.tsx). */
declare module "*.woff" {
  const path: string;
  export default path;
}
