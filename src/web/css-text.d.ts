/** A stylesheet imported `with { type: "text" }`: its text, for a screen to add to the page (app/lazy-page.tsx). */
declare module "*.css" {
  const text: string;
  export default text;
}
