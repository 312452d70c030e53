import { useEffect, useState } from "react";
import type { PushPreferences } from "../../../shared/contract/push.ts";
import { errorText } from "../../lib/api.ts";
import { type PushState, pushState, turnOffPush, turnOnPush } from "../../lib/push.ts";
import { toast } from "../../lib/toast.ts";
import { removePushDevice, savePushPreferences, sendTestPush, usePushDevices, usePushPreferences } from "./api.ts";
import { PushPreferencesForm } from "./PushPreferencesForm.tsx";

const STATE_TEXT: Record<PushState, { label: string; hint: string }> = {
  checking: { label: "Checking…", hint: "" },
  on: { label: "On on this device", hint: "This browser gets your notifications, even with the app closed." },
  off: { label: "Off on this device", hint: "Turn them on to hear about settlements and games about to lock." },
  blocked: {
    label: "Blocked in the browser",
    hint: "Your browser blocks notifications from this site. Allow them in the browser's site settings (the icon beside the address), then reload this page.",
  },
  unsupported: {
    label: "Not supported here",
    hint: "This browser cannot take notifications from a web app. On iPhone and iPad, add the app to your Home Screen first (Share → Add to Home Screen), then open it from there.",
  },
};

/**
 * 'Notifications' (issue 31 item 4): where push stands on this device and a switch for it, the
 * player's other devices, what is pushed, the daily cap and quiet hours, and a test notification.
 */
export function NotificationsSection() {
  const [state, setState] = useState<PushState>("checking");
  const [pending, setPending] = useState(false);
  const devices = usePushDevices();
  const preferences = usePushPreferences();

  useEffect(() => {
    void pushState().then(setState);
  }, []);

  async function toggle() {
    setPending(true);
    try {
      const next = state === "on" ? await turnOffPush() : await turnOnPush();
      setState(next);
      if (next === "on") toast({ title: "Notifications are on", description: "This device gets them from now on." });
      else if (next === "off" && state === "on") toast({ title: "Notifications are off on this device" });
    } catch (failure) {
      setState(await pushState());
      toast({
        title: "Could not change notifications",
        description: errorText(failure, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  async function test() {
    try {
      toast({ title: "Test notification", description: await sendTestPush() });
    } catch (failure) {
      toast({ title: "No test sent", description: errorText(failure, "Please try again."), variant: "destructive" });
    }
  }

  async function remove(id: number, name: string) {
    try {
      await removePushDevice(id);
      toast({ title: "Device removed", description: `${name} no longer gets notifications.` });
      setState(await pushState());
    } catch (failure) {
      toast({
        title: "Could not remove it",
        description: errorText(failure, "Please try again."),
        variant: "destructive",
      });
    }
  }

  async function save(chosen: PushPreferences) {
    try {
      await savePushPreferences(chosen);
      toast({ title: "Notification settings saved" });
    } catch (failure) {
      toast({
        title: "Failed to save notification settings",
        description: errorText(failure, "Please try again."),
        variant: "destructive",
      });
    }
  }

  const text = STATE_TEXT[state];
  const list = devices.data?.devices ?? [];
  const canSwitch = state === "on" || state === "off";

  return (
    <article className="settings-card" id="notifications" aria-labelledby="settings-notifications-title">
      <h2 id="settings-notifications-title">Notifications</h2>
      <p className="muted">
        One message per game when your bets settle, a reminder before games lock while this week's prize is still in
        reach, friend requests and league invitations.
      </p>
      <div className={`push-state push-state-${state}`} role="status">
        <strong>{text.label}</strong>
        {text.hint && <small>{text.hint}</small>}
      </div>
      <div className="push-actions">
        {canSwitch && (
          <button
            type="button"
            onClick={toggle}
            disabled={pending}
            aria-busy={pending || undefined}
            className={state === "on" ? "secondary outline" : undefined}
          >
            {state === "on" ? "Turn off on this device" : "Turn on on this device"}
          </button>
        )}
        <button type="button" className="secondary outline" onClick={test} disabled={list.length === 0}>
          Send a test notification
        </button>
      </div>
      {list.length > 0 && (
        <>
          <h3 className="push-devices-title">Your devices</h3>
          <ul className="push-devices">
            {list.map((d) => (
              <li key={d.id}>
                <span>
                  {d.device}
                  <small>
                    {d.lastSentAt
                      ? ` · last notified ${new Date(d.lastSentAt).toLocaleDateString()}`
                      : ` · on since ${new Date(d.createdAt).toLocaleDateString()}`}
                  </small>
                </span>
                <button type="button" className="secondary outline" onClick={() => remove(d.id, d.device)}>
                  Remove<span className="visually-hidden"> {d.device}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {preferences.data && (
        <PushPreferencesForm key={JSON.stringify(preferences.data)} saved={preferences.data} onSave={save} />
      )}
    </article>
  );
}
