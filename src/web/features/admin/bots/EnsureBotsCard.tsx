import { useState, type FormEvent } from "react";
import { errorText } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { ensureBots } from "./api.ts";
import { BOT_TARGET_DEFAULT, BOT_TARGET_MAX, BOT_TARGET_MIN } from "../../../../shared/limits.ts";
import { ensurePlanText, parseTarget } from "./bot-text.ts";
import { Field } from "../../../components/Field.tsx";

/**
 * Spec §2 'Create/Ensure Bots'. A cleared field counts as 40 at once and shows 40 again when it
 * loses focus, so a person can still delete the number and type another.
 */
export function EnsureBotsCard({ current }: { current: number | undefined }) {
  const [raw, setRaw] = useState(String(BOT_TARGET_DEFAULT));
  const [pending, setPending] = useState(false);
  const target = parseTarget(raw);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (target === null || pending) return;
    setPending(true);
    try {
      const result = await ensureBots(target);
      toast({ title: "Bot Creation Started", description: result.message });
    } catch (error) {
      toast({
        title: "Failed to create bots",
        description: errorText(error, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  let plan: string;
  if (target === null) plan = `Enter a whole number from ${BOT_TARGET_MIN} to ${BOT_TARGET_MAX}.`;
  else if (current === undefined) plan = `Current bot count unknown. Bots will be created up to ${target}.`;
  else plan = ensurePlanText(current, target);

  return (
    <article className="bots-card" aria-labelledby="ensure-title">
      <h2 id="ensure-title">Create/Ensure Bots</h2>
      <p>Make sure at least this many bot players exist; only the missing ones are created.</p>
      <form onSubmit={submit} noValidate aria-label="Ensure bots">
        <Field
          id="bot-target"
          label="Target bot count"
          type="number"
          inputMode="numeric"
          min={BOT_TARGET_MIN}
          max={BOT_TARGET_MAX}
          step={1}
          value={raw}
          error={target === null ? plan : null}
          hint={plan}
          live
          hintClassName={target === null ? "bots-plan bots-plan-invalid" : "bots-plan"}
          onChange={(event) => setRaw(event.target.value)}
          onBlur={() => raw.trim() === "" && setRaw(String(BOT_TARGET_DEFAULT))}
        />
        <button type="submit" disabled={pending || target === null} aria-busy={pending}>
          Ensure {target ?? raw} Bots
        </button>
      </form>
    </article>
  );
}
