/** "90.91" → "+$90.91", "-100" → "-$100.00", "0" → "$0.00". */
export function signedDollars(amount: string | number): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return String(amount);
  const text = `$${Math.abs(value).toFixed(2)}`;
  if (value > 0) return `+${text}`;
  if (value < 0) return `-${text}`;
  return text;
}
