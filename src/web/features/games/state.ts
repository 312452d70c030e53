import { signal } from "@preact/signals-react";

/** The week picked on the Games screen; null follows the server's current week. Kept while moving between screens. */
export const pickedWeek = signal<number | null>(null);
