import { signal } from "@preact/signals-react";
import { UNIT_CHOICES } from "../../../shared/money.ts";

/** The stake and journal note for the picks in the slip; kept while the drawer is closed. */
export const slipUnits = signal<number>(UNIT_CHOICES[0]);
export const slipNote = signal("");

export type SlipMode = "singles" | "parlay";
/** Whether the picks go in as one bet each or as one parlay; parlay applies only while the picks can make one. */
export const slipMode = signal<SlipMode>("singles");
