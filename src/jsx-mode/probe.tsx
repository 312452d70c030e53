/** @jsxImportSource ./ */
// Bun picks the JSX transform once per process, from NODE_ENV at start and the tsconfig.json of the
// folder it was started in — not the project's. Started elsewhere without NODE_ENV, the app's JSX
// calls React's development runtime, which React's production build leaves undefined. This element,
// through the runtime beside it, says which transform this process got, without loading React.
export const jsxTransform = (<i />) as unknown as "production" | "development";
