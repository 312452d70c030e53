import { type FormEvent, useMemo, useState } from "react";
import type { PushPreferences, SavedPushPreferences } from "../../../shared/contract/push.ts";

const KINDS: readonly { key: keyof PushPreferences["kinds"]; label: string; hint: string }[] = [
  { key: "settlements", label: "Settlements", hint: 'One per game: "3 bets settled on BUF @ MIA: +2.4U".' },
  {
    key: "lockReminder",
    label: "Lock reminder",
    hint: "An hour before games you have not bet lock, while this week's prize is still in reach.",
  },
  { key: "friendRequests", label: "Friend requests", hint: "When someone wants to be friends." },
  { key: "leagueInvitations", label: "League invitations", hint: "When you are invited to a league." },
  {
    key: "leaguePicks",
    label: "League picks and talk",
    hint: "When your leagues reveal the others' picks, when someone tails yours, replies to you, or the commissioner posts.",
  },
];

function zones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set(["UTC", current, ...known])];
}

/** The zone the form offers: the saved one, or before the first save this device's (never the default UTC). */
export function initialTimeZone(saved: SavedPushPreferences, deviceZone: string | undefined): string {
  return saved.saved || !deviceZone ? saved.timeZone : deviceZone;
}

/** What is pushed, the daily cap and quiet hours (in the player's time zone), saved together. */
export function PushPreferencesForm({
  saved,
  onSave,
}: {
  saved: SavedPushPreferences;
  onSave: (chosen: PushPreferences) => Promise<void>;
}) {
  const [kinds, setKinds] = useState(saved.kinds);
  const [dailyCap, setDailyCap] = useState(String(saved.dailyCap));
  const [quiet, setQuiet] = useState(saved.quietHours !== null);
  const [start, setStart] = useState(saved.quietHours?.start ?? "22:00");
  const [end, setEnd] = useState(saved.quietHours?.end ?? "08:00");
  const [timeZone, setTimeZone] = useState(() =>
    initialTimeZone(saved, Intl.DateTimeFormat().resolvedOptions().timeZone),
  );
  const [pending, setPending] = useState(false);
  const zoneList = useMemo(() => zones(timeZone), [timeZone]);
  const cap = Number(dailyCap);
  const capValid = Number.isInteger(cap) && cap >= 1 && cap <= 50;
  const quietValid = !quiet || start !== end;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!capValid || !quietValid) return;
    setPending(true);
    await onSave({ kinds, dailyCap: cap, quietHours: quiet ? { start, end } : null, timeZone });
    setPending(false);
  }

  return (
    <form onSubmit={submit} aria-label="Notification settings" className="push-preferences">
      <fieldset>
        <legend>What to send</legend>
        {KINDS.map((kind) => (
          <label key={kind.key} className="settings-choice">
            <input
              type="checkbox"
              checked={kinds[kind.key]}
              onChange={(e) => setKinds({ ...kinds, [kind.key]: e.target.checked })}
            />
            <span>
              {kind.label} <small>{kind.hint}</small>
            </span>
          </label>
        ))}
      </fieldset>
      <label htmlFor="push-daily-cap">At most this many a day</label>
      <input
        id="push-daily-cap"
        type="number"
        inputMode="numeric"
        min={1}
        max={50}
        value={dailyCap}
        onChange={(e) => setDailyCap(e.target.value)}
        aria-invalid={capValid ? undefined : true}
        aria-describedby="push-daily-cap-hint"
      />
      <small id="push-daily-cap-hint">
        {capValid ? "Test notifications do not count." : "A whole number from 1 to 50."}
      </small>
      <fieldset>
        <legend>Quiet hours</legend>
        <label className="settings-choice">
          <input type="checkbox" checked={quiet} onChange={(e) => setQuiet(e.target.checked)} />
          <span>
            Hold notifications overnight{" "}
            <small>They arrive when quiet hours end; a lock reminder that would come too late is dropped.</small>
          </span>
        </label>
        <div className="push-quiet-times">
          <label>
            From
            <input type="time" value={start} onChange={(e) => setStart(e.target.value)} disabled={!quiet} required />
          </label>
          <label>
            Until
            <input type="time" value={end} onChange={(e) => setEnd(e.target.value)} disabled={!quiet} required />
          </label>
        </div>
        {!quietValid && <small className="push-error">Quiet hours must start and end at different times.</small>}
      </fieldset>
      <label htmlFor="push-time-zone">Your time zone</label>
      <select id="push-time-zone" value={timeZone} onChange={(e) => setTimeZone(e.target.value)}>
        {zoneList.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll("_", " ")}
          </option>
        ))}
      </select>
      <button type="submit" disabled={pending || !capValid || !quietValid} aria-busy={pending || undefined}>
        {pending ? "Saving..." : "Save Notification Settings"}
      </button>
    </form>
  );
}
