import type { InputHTMLAttributes } from "react";

/**
 * The one form field of the app (sign-in, register, reset, settings, delete account): a labelled input
 * with its error (or, without one, its hint) under it and tied to it for screen readers. Pico colours
 * an invalid input and its message. `alert` announces the error as it appears.
 */
export function Field({
  id,
  label,
  error,
  hint,
  alert,
  ...input
}: {
  id: string;
  label: string;
  error?: string | null;
  hint?: string;
  alert?: boolean;
} & InputHTMLAttributes<HTMLInputElement>) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error ? (
        <small id={`${id}-error`} role={alert ? "alert" : undefined}>
          {error}
        </small>
      ) : hint ? (
        <small id={`${id}-hint`}>{hint}</small>
      ) : null}
    </>
  );
}
