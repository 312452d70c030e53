// A JSX runtime that only says which transform Bun chose for this process (see probe.tsx).
export namespace JSX {
  export type Element = string;
  export interface IntrinsicElements {
    i: Record<string, never>;
  }
}
export const jsx = (): JSX.Element => "production";
export const jsxs = jsx;
export const Fragment = 0;
