/** A stylesheet imported `with { type: "text" }`: its text, for a screen to add to the page (styles/screen-styles.ts). */
declare module "*.css" {
  const text: string;
  export default text;
}
