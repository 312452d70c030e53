import { avatarInitials } from "../../shared/accounts.ts";

/** A player's initials in a circle (spec §2's avatar rule); decorative, the name is beside it. */
export function PlayerAvatar({ username, large = false }: { username: string; large?: boolean }) {
  return (
    <span className={large ? "player-avatar player-avatar-large" : "player-avatar"} aria-hidden="true">
      {avatarInitials(username)}
    </span>
  );
}
