/**
 * Play money, shared by the server and the browser (spec §5, §9). Amounts are integer cents;
 * the API shows them as numeric strings with two decimals.
 */

/** 1 unit = 100 dollars. */
export const UNIT_CENTS = 100_00;
export const STARTING_UNITS = 50;
export const UNIT_CHOICES = [1, 2, 3] as const;

export function wagerCents(units: number): number {
  return units * UNIT_CENTS;
}

/**
 * What a winning bet pays on top of the stake (spec §5): positive odds wager×odds/100, negative
 * odds wager×100/|odds|. Rounded half-up to the cent once, in integers, so client and server agree.
 */
export function potentialWinCents(wager: number, americanOdds: number): number {
  if (!Number.isInteger(wager) || wager < 0) throw new RangeError("wager must be whole cents");
  if (!Number.isInteger(americanOdds) || Math.abs(americanOdds) < 100)
    throw new RangeError("American odds are whole numbers of at least 100 either way");
  if (americanOdds > 0) return Math.floor((wager * americanOdds + 50) / 100);
  const against = -americanOdds;
  return Math.floor((wager * 100 * 2 + against) / (2 * against));
}

/** 12345 → "123.45"; -10000 → "-100.00". */
export function centsToString(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "90.91" → 9091; the inverse of centsToString for well-formed amounts. */
export function stringToCents(amount: string): number {
  return Math.round(Number(amount) * 100);
}

/** Whole dollars grouped by thousands: 108812 → "1,088.12". */
function groupedDollars(cents: number): string {
  const [whole, fraction] = centsToString(cents).split(".");
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`;
}

/** "90.91" → "+$90.91", "-1088.12" → "-$1,088.12", "0.00" → "$0.00". */
export function signedDollarsText(amount: string): string {
  const cents = stringToCents(amount);
  const text = `$${groupedDollars(Math.abs(cents))}`;
  return cents > 0 ? `+${text}` : cents < 0 ? `-${text}` : text;
}

const money = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Cents as dollars for people: 9091 → "$90.91", 120000 → "$1,200.00". */
export function dollars(cents: number): string {
  return `$${money.format(Number(centsToString(cents)))}`;
}
