import { type FormEvent, useId, useState } from "react";
import { MAX_TOKENS, TOKEN_NAME_MAX, TOKEN_SCOPES, type TokenScope } from "../../../shared/api-tokens.ts";
import type { ApiToken } from "../../../shared/contract/tokens.ts";
import { errorText } from "../../lib/api.ts";
import { copyText } from "../../lib/copy-text.ts";
import { toast } from "../../lib/toast.ts";
import { createApiToken, revokeApiToken, useApiTokens } from "./api.ts";

const SCOPE_WORDS: Record<TokenScope, { label: string; hint: string }> = {
  read: { label: "Read", hint: "Games, your bets, stats, leagues and boards." },
  bets: { label: "Bets", hint: "Place and cancel bets." },
};

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

function TokenRow({ token }: { token: ApiToken }) {
  const [pending, setPending] = useState(false);
  const revoke = async () => {
    setPending(true);
    try {
      await revokeApiToken(token.id);
      toast({ title: "Token revoked", description: `"${token.name}" no longer works.` });
    } catch (error) {
      toast({ title: "Token not revoked", description: errorText(error, "Please try again."), variant: "destructive" });
      setPending(false);
    }
  };
  return (
    <li className="token-row">
      <span className="token-name">{token.name}</span>
      <small>
        {token.scopes.map((s) => SCOPE_WORDS[s].label).join(" + ")} · made{" "}
        {dateFormat.format(new Date(token.createdAt))} ·{" "}
        {token.lastUsedAt ? `last used ${dateFormat.format(new Date(token.lastUsedAt))}` : "never used"}
      </small>
      <button type="button" className="secondary outline" onClick={revoke} disabled={pending}>
        Revoke<span className="visually-hidden"> {token.name}</span>
      </button>
    </li>
  );
}

/**
 * Settings → API tokens (issue 47): personal tokens for one's own scripts, with a name and scopes;
 * each shown once when made, listed with its last use, revoked at once.
 */
export function ApiTokensSection() {
  const id = useId();
  const { data: tokens } = useApiTokens();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<TokenScope[]>(["read"]);
  const [made, setMade] = useState<{ name: string; token: string } | null>(null);
  const [pending, setPending] = useState(false);
  const full = (tokens?.length ?? 0) >= MAX_TOKENS;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    try {
      const { token } = await createApiToken(name.trim(), scopes);
      setMade({ name: name.trim(), token });
      setName("");
    } catch (error) {
      toast({ title: "Token not made", description: errorText(error, "Please try again."), variant: "destructive" });
    } finally {
      setPending(false);
    }
  }
  const toggle = (scope: TokenScope, on: boolean) =>
    setScopes((old) =>
      on ? TOKEN_SCOPES.filter((s) => s === scope || old.includes(s)) : old.filter((s) => s !== scope),
    );

  return (
    <article className="settings-card" id="api-tokens" aria-labelledby="settings-tokens-title">
      <h2 id="settings-tokens-title">API tokens</h2>
      <p className="muted">
        For your own scripts: send a token as <code>Authorization: Bearer npt_…</code>. A token never changes your
        account, password or tokens.
      </p>
      {made ? (
        <div className="token-made" role="status">
          <p>
            <strong>Your new token "{made.name}", shown once.</strong> Copy it now: only a fingerprint of it is kept.
          </p>
          <textarea
            readOnly
            rows={3}
            value={made.token}
            aria-label="Your new API token"
            onFocus={(e) => e.target.select()}
          />
          <div className="push-actions">
            <button
              type="button"
              onClick={async () => {
                toast({ title: (await copyText(made.token)) ? "Token copied" : "Copy the token from the box" });
              }}
            >
              Copy token
            </button>
            <button type="button" className="secondary outline" onClick={() => setMade(null)}>
              Done
            </button>
          </div>
        </div>
      ) : null}
      {tokens && tokens.length > 0 ? (
        <ul className="token-list" aria-label="Your API tokens">
          {tokens.map((token) => (
            <TokenRow key={token.id} token={token} />
          ))}
        </ul>
      ) : tokens ? (
        <p className="muted">No tokens yet.</p>
      ) : null}
      {full ? (
        <p className="muted">You have {MAX_TOKENS} tokens: revoke one to make another.</p>
      ) : (
        <form onSubmit={submit} aria-label="Make an API token">
          <label htmlFor={`${id}-name`}>Token name</label>
          <input
            id={`${id}-name`}
            value={name}
            maxLength={TOKEN_NAME_MAX}
            placeholder="Sunday script"
            onChange={(e) => setName(e.target.value)}
          />
          <fieldset>
            <legend>What it may do</legend>
            {TOKEN_SCOPES.map((scope) => (
              <label key={scope} className="settings-choice">
                <input
                  type="checkbox"
                  checked={scopes.includes(scope)}
                  onChange={(e) => toggle(scope, e.target.checked)}
                />
                <span>
                  {SCOPE_WORDS[scope].label} <small>{SCOPE_WORDS[scope].hint}</small>
                </span>
              </label>
            ))}
          </fieldset>
          <button
            type="submit"
            disabled={pending || name.trim() === "" || scopes.length === 0}
            aria-busy={pending || undefined}
          >
            {pending ? "Making..." : "Make Token"}
          </button>
        </form>
      )}
    </article>
  );
}
