/** The service worker's source, imported `with { type: "text" }` (http/service-worker.ts serves it). */
declare module "*/sw.js" {
  const text: string;
  export default text;
}
