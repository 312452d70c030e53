import { useState, type FormEvent } from "react";
import { Link } from "wouter";
import type { User } from "../../../shared/contract/auth.ts";
import type { ProfileVisibility } from "../../../shared/contract/profiles.ts";
import { errorText } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { saveProfileVisibility, useProfileVisibility } from "./api.ts";

const VISIBILITY_CHOICES: readonly { value: ProfileVisibility; label: string; hint: string }[] = [
  { value: "everyone", label: "Everyone", hint: "Anyone with the link, signed in or not." },
  {
    value: "league_mates",
    label: "Friends and league-mates",
    hint: "Your friends and everyone in a league with you (the default).",
  },
  { value: "friends", label: "Friends", hint: "Only your friends." },
  { value: "only_me", label: "Only me", hint: "Nobody else; leaderboards still show your figures." },
];

/** 'Your profile': who may open /players/{username}; the record itself cannot be edited. */
export function ProfileVisibilitySection({ user }: { user: User }) {
  const { data } = useProfileVisibility();
  const [chosen, setChosen] = useState<ProfileVisibility | null>(null);
  const [pending, setPending] = useState(false);
  const saved = data?.visibility ?? null;
  const value = chosen ?? saved;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!value) return;
    setPending(true);
    try {
      await saveProfileVisibility(value);
      setChosen(null);
      toast({ title: "Profile visibility saved" });
    } catch (failure) {
      toast({
        title: "Failed to save profile visibility",
        description: errorText(failure, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <article className="settings-card" id="profile-visibility" aria-labelledby="settings-profile-title">
      <h2 id="settings-profile-title">Your profile</h2>
      <p className="muted">
        Your <Link href={`/players/${encodeURIComponent(user.username)}`}>profile</Link> shows your record: every
        settled bet, losses included, and bets in play once their games have kicked off.
      </p>
      <form onSubmit={submit} aria-label="Profile visibility">
        <fieldset disabled={saved === null}>
          <legend>Who can see it</legend>
          {VISIBILITY_CHOICES.map((choice) => (
            <label key={choice.value} className="settings-choice">
              <input
                type="radio"
                name="profile-visibility"
                value={choice.value}
                checked={value === choice.value}
                onChange={() => setChosen(choice.value)}
              />
              <span>
                {choice.label} <small>{choice.hint}</small>
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={pending || value === null || value === saved} aria-busy={pending || undefined}>
          {pending ? "Saving..." : "Save Visibility"}
        </button>
      </form>
    </article>
  );
}
