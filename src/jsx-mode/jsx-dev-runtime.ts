import type { JSX } from "./jsx-runtime.ts";

export type { JSX } from "./jsx-runtime.ts";
export const jsxDEV = (): JSX.Element => "development";
export const Fragment = 0;
