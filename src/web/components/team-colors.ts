/**
 * Each team's main colour, for the badge that stands in for its logo when the logo host cannot be
 * reached: local, and no emoji font needed. Dark enough for white letters (4.5:1 or better).
 */
export const TEAM_COLORS: Record<string, string> = {
  ARI: "#97233f",
  ATL: "#a71930",
  BAL: "#241773",
  BUF: "#00338d",
  CAR: "#006a9f",
  CHI: "#0b162a",
  CIN: "#c73e0b",
  CLE: "#311d00",
  DAL: "#003594",
  DEN: "#b8400c",
  DET: "#005a8b",
  GB: "#203731",
  HOU: "#03202f",
  IND: "#002c5f",
  JAX: "#005a68",
  KC: "#c8102e",
  LV: "#000000",
  LAC: "#005a8c",
  LAR: "#003594",
  MIA: "#00707a",
  MIN: "#4f2683",
  NE: "#002244",
  NO: "#101820",
  NYG: "#0b2265",
  NYJ: "#125740",
  PHI: "#004c54",
  PIT: "#101820",
  SF: "#aa0000",
  SEA: "#002244",
  TB: "#b80808",
  TEN: "#0c2340",
  WSH: "#5a1414",
};

/** A team's colour; unknown abbreviations get a neutral slate. */
export const teamColor = (abbr: string): string => TEAM_COLORS[abbr.toUpperCase()] ?? "#4a5568";
