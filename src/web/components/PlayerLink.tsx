import type { ReactNode } from "react";
import { Link } from "wouter";

export const profilePath = (username: string) => `/players/${encodeURIComponent(username)}`;

/** A player's name leading to their profile (the profile says whether the viewer may see it). */
export function PlayerLink({
  username,
  className,
  children,
}: {
  username: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Link href={profilePath(username)} className={className ? `player-link ${className}` : "player-link"}>
      {children ?? username}
    </Link>
  );
}
