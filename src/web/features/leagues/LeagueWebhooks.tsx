import { type FormEvent, useId, useState } from "react";
import type { LeagueWebhook, WebhookDelivery } from "../../../shared/contract/webhooks.ts";
import {
  MAX_WEBHOOKS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_KIND_LABELS,
  WEBHOOK_KINDS,
  type WebhookEvent,
  type WebhookKind,
} from "../../../shared/webhooks.ts";
import { errorText } from "../../lib/api.ts";
import { copyText } from "../../lib/copy-text.ts";
import { toast } from "../../lib/toast.ts";
import { addWebhook, removeWebhook, useLeagueWebhooks } from "./api.ts";

const timeFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

const STATUS_WORDS: Record<WebhookDelivery["status"], string> = {
  pending: "Waiting",
  sent: "Sent",
  failed: "Failed",
  dropped: "Not sent",
};

/** One line of the delivery log: what, how it went, when. */
function deliveryText(d: WebhookDelivery): string {
  const parts = [WEBHOOK_EVENT_LABELS[d.event], STATUS_WORDS[d.status]];
  if (d.attempts > 1) parts.push(`${d.attempts} attempts`);
  if (d.lastError) parts.push(d.lastError);
  if (d.status === "pending" && d.nextAttemptAt) parts.push(`next try ${timeFormat.format(new Date(d.nextAttemptAt))}`);
  return parts.join(" · ");
}

function WebhookRow({ leagueId, hook }: { leagueId: number; hook: LeagueWebhook }) {
  const [pending, setPending] = useState(false);
  const remove = async () => {
    setPending(true);
    try {
      await removeWebhook(leagueId, hook.id);
      toast({ title: "Webhook removed" });
    } catch (error) {
      toast({
        title: "Webhook not removed",
        description: errorText(error, "Please try again."),
        variant: "destructive",
      });
      setPending(false);
    }
  };
  return (
    <li className={hook.status === "active" ? "webhook-row" : "webhook-row webhook-row-off"}>
      <p className="webhook-title">
        <strong>{WEBHOOK_KIND_LABELS[hook.kind]}</strong> <span className="webhook-url">{hook.url}</span>
      </p>
      <p className="webhook-meta">
        {hook.status === "active" ? "Active" : `Turned off: ${hook.disabledReason ?? "it kept failing"}`} ·{" "}
        {hook.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(" · ")}
      </p>
      <details className="webhook-log">
        <summary>Delivery log ({hook.deliveries.length})</summary>
        {hook.deliveries.length === 0 ? (
          <p className="muted">Nothing sent yet.</p>
        ) : (
          <ul>
            {hook.deliveries.map((d) => (
              <li key={d.id} className={`webhook-delivery webhook-delivery-${d.status}`}>
                <time dateTime={d.sentAt ?? d.createdAt}>{timeFormat.format(new Date(d.sentAt ?? d.createdAt))}</time>{" "}
                {deliveryText(d)}
              </li>
            ))}
          </ul>
        )}
      </details>
      <button type="button" className="secondary outline webhook-remove" onClick={remove} disabled={pending}>
        Remove<span className="visually-hidden"> the {WEBHOOK_KIND_LABELS[hook.kind]} webhook</span>
      </button>
    </li>
  );
}

function AddWebhookForm({ leagueId, onSecret }: { leagueId: number; onSecret(secret: string | null): void }) {
  const id = useId();
  const [url, setUrl] = useState("");
  const [kind, setKind] = useState<WebhookKind>("discord");
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [pending, setPending] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    try {
      const { secret } = await addWebhook(leagueId, { url: url.trim(), kind, events });
      setUrl("");
      onSecret(kind === "json" ? secret : null);
      toast({ title: "Webhook added", description: "It gets the league's next events." });
    } catch (error) {
      toast({ title: "Webhook not added", description: errorText(error, "Please try again."), variant: "destructive" });
    } finally {
      setPending(false);
    }
  }
  const toggle = (e: WebhookEvent, on: boolean) =>
    setEvents((old) => (on ? WEBHOOK_EVENTS.filter((x) => x === e || old.includes(x)) : old.filter((x) => x !== e)));
  return (
    <form className="webhook-form" onSubmit={submit} aria-label="Add a webhook">
      <label htmlFor={`${id}-url`}>Webhook URL</label>
      <input
        id={`${id}-url`}
        type="url"
        inputMode="url"
        required
        placeholder="https://discord.com/api/webhooks/…"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <small id={`${id}-hint`}>
        A Discord or Slack incoming-webhook URL, or any https address that takes signed JSON.
      </small>
      <label htmlFor={`${id}-kind`}>Format</label>
      <select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as WebhookKind)}>
        {WEBHOOK_KINDS.map((k) => (
          <option key={k} value={k}>
            {WEBHOOK_KIND_LABELS[k]}
          </option>
        ))}
      </select>
      <fieldset>
        <legend>Send</legend>
        {WEBHOOK_EVENTS.map((e) => (
          <label key={e}>
            <input type="checkbox" checked={events.includes(e)} onChange={(ev) => toggle(e, ev.target.checked)} />
            {WEBHOOK_EVENT_LABELS[e]}
          </label>
        ))}
      </fieldset>
      <button
        type="submit"
        disabled={pending || url.trim() === "" || events.length === 0}
        aria-busy={pending || undefined}
      >
        {pending ? "Adding..." : "Add webhook"}
      </button>
    </form>
  );
}

/**
 * A league's webhooks, for its admins (issue 47): post reveals, settled games, the recap and
 * commissioner posts to the group's Discord or Slack, or signed JSON anywhere; the delivery log.
 */
export function LeagueWebhooks({ leagueId }: { leagueId: number }) {
  const { data, error } = useLeagueWebhooks(leagueId, true);
  const [secret, setSecret] = useState<string | null>(null);
  const full = (data?.length ?? 0) >= MAX_WEBHOOKS;
  return (
    <section className="league-webhooks" aria-labelledby="league-webhooks-title">
      <h3 id="league-webhooks-title">Webhooks</h3>
      <p className="muted">
        Post this league's news to your group chat. Picks are sent only once the league shows them to everyone.
      </p>
      {error ? <p className="muted">Could not load the webhooks.</p> : null}
      {data && data.length > 0 ? (
        <ul className="webhook-list">
          {data.map((hook) => (
            <WebhookRow key={hook.id} leagueId={leagueId} hook={hook} />
          ))}
        </ul>
      ) : null}
      {secret ? (
        <div className="webhook-secret" role="status">
          <p>
            <strong>Signing secret, shown once.</strong> Check each delivery's <code>X-Signature</code> (HMAC-SHA256 of
            the body) with it.
          </p>
          <textarea readOnly rows={2} value={secret} aria-label="Signing secret" onFocus={(e) => e.target.select()} />
          <button
            type="button"
            className="secondary outline"
            onClick={async () => {
              if (await copyText(secret)) toast({ title: "Secret copied" });
            }}
          >
            Copy secret
          </button>
        </div>
      ) : null}
      {data && !full ? <AddWebhookForm leagueId={leagueId} onSecret={setSecret} /> : null}
      {full ? <p className="muted">A league has at most {MAX_WEBHOOKS} webhooks: remove one to add another.</p> : null}
    </section>
  );
}
