// Files imported `with { type: "file" }` (src/http/web-assets.ts): their path, embedded in a compiled binary.
declare module "*.ico" {
  const path: string;
  export default path;
}
declare module "*.png" {
  const path: string;
  export default path;
}
declare module "*.svg" {
  const path: string;
  export default path;
}
