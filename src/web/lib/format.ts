/** "90.91" → "+$90.91", "-100" → "-$100.00", "0" → "$0.00". */
export function signedDollars(amount: string | number): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return String(amount);
  const text = `$${Math.abs(value).toFixed(2)}`;
  if (value > 0) return `+${text}`;
  if (value < 0) return `-${text}`;
  return text;
}

/**
 * How a settled bet ended, as its card says it: "WON +$90.91", "LOST −$100.00" (a true minus sign),
 * "PUSH"; null while it is pending (the card then says what it is to win).
 */
export function outcomeText(bet: {
  status: "pending" | "won" | "lost" | "push";
  result: string | null;
}): string | null {
  if (bet.status === "pending") return null;
  if (bet.status === "push") return "PUSH";
  const amount = `$${Math.abs(Number(bet.result ?? 0)).toFixed(2)}`;
  return bet.status === "won" ? `WON +${amount}` : `LOST −${amount}`;
}
