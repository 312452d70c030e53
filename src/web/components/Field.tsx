import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";

/** What every field has beside its control: a label, and an error or (without one) a hint under it. */
interface FieldParts {
  id: string;
  label: string;
  /** The label is read by screen readers but not drawn (a field whose row says what it is). */
  labelHidden?: boolean;
  error?: string | null;
  hint?: ReactNode;
  /** Announce the error as it appears (role="alert"). */
  alert?: boolean;
  /**
   * The message under the control is one live region, announced as it changes (a count, a plan),
   * error or hint alike: it keeps the id `${id}-hint` and says which it is by `hintClassName`.
   */
  live?: boolean;
  /** Classes of the hint's `<small>` (with `live`, of the message's). */
  hintClassName?: string;
  /** A button that acts on the field, drawn on its row (a search box's Search). */
  action?: ReactNode;
}

/** The ids and attributes that tie a control to its label and message. */
function messageOf({ id, error, hint, alert, live, hintClassName }: FieldParts) {
  const has = Boolean(error) || (hint !== undefined && hint !== null && hint !== "");
  if (live) {
    return {
      describedBy: has ? `${id}-hint` : undefined,
      message: (
        <small id={`${id}-hint`} className={hintClassName} aria-live="polite">
          {error || hint}
        </small>
      ),
    };
  }
  if (error) {
    return {
      describedBy: `${id}-error`,
      message: (
        <small id={`${id}-error`} className="field-error" role={alert ? "alert" : undefined}>
          {error}
        </small>
      ),
    };
  }
  if (!has) return { describedBy: undefined, message: null };
  return {
    describedBy: `${id}-hint`,
    message: (
      <small id={`${id}-hint`} className={hintClassName}>
        {hint}
      </small>
    ),
  };
}

/** The attributes that tie the control to its label and message. */
interface Tie {
  id: string;
  name: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** Splits a field's own props from its control's. */
function split<C>(props: FieldParts & C): [FieldParts, Omit<C, keyof FieldParts>] {
  const { id, label, labelHidden, error, hint, alert, live, hintClassName, action, ...control } = props;
  return [{ id, label, labelHidden, error, hint, alert, live, hintClassName, action }, control];
}

/** The label, the control `render` draws with the tying attributes, and the message under it. */
function Labelled({ parts, render }: { parts: FieldParts; render(tie: Tie): ReactNode }) {
  const { describedBy, message } = messageOf(parts);
  const { id, label, labelHidden, error, action } = parts;
  const control = render({ id, name: id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy });
  return (
    <>
      <label htmlFor={id} className={labelHidden ? "visually-hidden" : undefined}>
        {label}
      </label>
      {action ? (
        <div className="field-with-action">
          {control}
          {action}
        </div>
      ) : (
        control
      )}
      {message}
    </>
  );
}

/**
 * The one form field of the app (sign-in, register, reset, settings, delete account, leagues,
 * invitations, notes, the bot count, friend search): a labelled input with its error (or, without one, its hint) under it and tied
 * to it for screen readers. Pico colours an invalid input and its message.
 */
export function Field(props: FieldParts & InputHTMLAttributes<HTMLInputElement>) {
  const [parts, input] = split(props);
  return <Labelled parts={parts} render={(tie) => <input {...tie} {...input} />} />;
}

/** Field with a textarea (a league's description, a bet's note). */
export function TextAreaField(props: FieldParts & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const [parts, textarea] = split(props);
  return <Labelled parts={parts} render={(tie) => <textarea {...tie} {...textarea} />} />;
}
