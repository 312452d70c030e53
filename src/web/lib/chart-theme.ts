import type { ChartOptions, ColorType, DeepPartial } from "lightweight-charts";

/**
 * The charts' colours (profit, line movement), read from the design tokens (app/tokens.css) of the element it is
 * drawn in, so the canvas follows light and dark like the rest of the page. The chart library
 * draws on a canvas and cannot read CSS itself.
 */
export interface ChartTheme {
  background: string;
  text: string;
  grid: string;
  zeroLine: string;
  up: string;
  down: string;
  /** The crosshair's labels: a dark chip in light mode, a light one in dark. */
  label: string;
  /** The exported picture's title. */
  heading: string;
}

const FALLBACK: ChartTheme = {
  background: "#ffffff",
  text: "#5d6b7a",
  grid: "#eef1f4",
  zeroLine: "#98a2b3",
  up: "#067647",
  down: "#b42318",
  label: "#373c44",
  heading: "#373c44",
};

/** The theme as the element's computed tokens give it now (each falls back to the light palette). */
export function chartThemeOf(element: Element): ChartTheme {
  const style = getComputedStyle(element);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    background: token("--app-surface", FALLBACK.background),
    text: token("--pico-muted-color", FALLBACK.text),
    grid: token("--app-neutral-tint", FALLBACK.grid),
    zeroLine: token("--app-border-strong", FALLBACK.zeroLine),
    up: token("--app-up", FALLBACK.up),
    down: token("--app-down", FALLBACK.down),
    label: token("--app-text", FALLBACK.label),
    heading: token("--pico-h1-color", FALLBACK.heading),
  };
}

/** Calls `onChange` whenever the system switches between light and dark; returns the unsubscribe. */
export function onColorSchemeChange(onChange: () => void): () => void {
  const query = window.matchMedia?.("(prefers-color-scheme: dark)");
  if (!query) return () => {};
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** The chart's own colours from the theme (background, text, grid, crosshair labels); `solid` is the library's ColorType.Solid. */
export function chartColors(theme: ChartTheme, solid: ColorType.Solid): DeepPartial<ChartOptions> {
  return {
    layout: { background: { type: solid, color: theme.background }, textColor: theme.text },
    grid: { horzLines: { color: theme.grid } },
    crosshair: { horzLine: { labelBackgroundColor: theme.label }, vertLine: { labelBackgroundColor: theme.label } },
  };
}

/**
 * A chart is a picture hidden from assistive technology (its screen states the figures in words), so
 * nothing in it may take focus: the library's logo link leaves the tab order.
 */
export function outOfTabOrder(root: HTMLElement): void {
  for (const link of root.querySelectorAll("a[href], [tabindex]")) link.setAttribute("tabindex", "-1");
}
