const added = new Set<string>();

/**
 * Loads a screen's code together with its own stylesheet, and adds the stylesheet to the page before
 * the screen renders. Bun's bundler folds every CSS file a script imports into the page's one
 * render-blocking stylesheet, even from lazily loaded chunks; imported as text, a screen's rules
 * travel in a chunk of their own, loaded only with that screen (in parallel with its code).
 */
export async function withStyles<T>(screen: Promise<T>, stylesheet: Promise<{ default: string }>): Promise<T> {
  const [module, { default: css }] = await Promise.all([screen, stylesheet]);
  if (!added.has(css)) {
    added.add(css);
    const style = document.createElement("style");
    style.textContent = css;
    document.head.append(style); // after the shell's stylesheet, as the rules were in the one file
  }
  return module;
}
