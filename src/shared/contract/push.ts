/** The Web Push API's answers (/api/push/…): the server's public key, a player's devices and preferences. */
import { Type as t } from "@sinclair/typebox";

export const PushPublicKey = t.Object({
  publicKey: t.String({ description: "The VAPID public key (base64url): the browser's applicationServerKey" }),
});
export type PushPublicKey = typeof PushPublicKey.static;

export const PushDevice = t.Object({
  id: t.Number(),
  device: t.String({ description: 'What the browser called itself when it subscribed ("Chrome on Android")' }),
  endpoint: t.String({ description: "The push service URL of that browser (shown to its owner only)" }),
  createdAt: t.String(),
  lastSentAt: t.Union([t.String(), t.Null()]),
});
export type PushDevice = typeof PushDevice.static;

export const PushDevices = t.Object({ devices: t.Array(PushDevice) });
export type PushDevices = typeof PushDevices.static;

const Hhmm = t.String({
  pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$",
  error: 'quietHours: times must be "HH:MM" (00:00–23:59)',
});

export const PushPreferences = t.Object(
  {
    kinds: t.Object(
      {
        settlements: t.Boolean({ description: "One push per game when its bets settle" }),
        lockReminder: t.Boolean({ description: "Before unbet games lock, while the week's prize is still in reach" }),
        friendRequests: t.Boolean(),
        leagueInvitations: t.Boolean(),
        leaguePicks: t.Boolean({
          description:
            "Picks revealed in your leagues, your pick tailed, replies to your comments and commissioner posts",
        }),
      },
      { additionalProperties: false },
    ),
    dailyCap: t.Integer({ minimum: 1, maximum: 50, error: "dailyCap: must be a whole number from 1 to 50" }),
    quietHours: t.Union([t.Object({ start: Hhmm, end: Hhmm }, { additionalProperties: false }), t.Null()], {
      description: "No pushes between start and end in timeZone (held until they end); null = none",
    }),
    timeZone: t.String({ minLength: 1, maxLength: 64, description: 'An IANA time zone ("America/Chicago")' }),
  },
  { additionalProperties: false },
);
export type PushPreferences = typeof PushPreferences.static;

/** GET /api/push/preferences: the preferences, and whether the player ever saved them (else the defaults, in UTC). */
export const SavedPushPreferences = t.Object({
  ...PushPreferences.properties,
  /** False until the first save: the browser then offers its own time zone rather than the default UTC (issue 46 item 6). */
  saved: t.Boolean(),
});
export type SavedPushPreferences = typeof SavedPushPreferences.static;

export const PushTestResult = t.Object({ message: t.String(), devices: t.Number() });
export type PushTestResult = typeof PushTestResult.static;
