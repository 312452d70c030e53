import { useSignals } from "@preact/signals-react/runtime";
import { dismissToast, toasts } from "../lib/toast.ts";

/** Where toasts appear; the region is always present so screen readers announce what is added to it. */
export function Toaster() {
  useSignals();
  return (
    <section className="toaster" aria-label="Messages" aria-live="polite">
      {toasts.value.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast-${toast.variant}${toast.variant === "destructive" ? " danger-box" : ""}${toast.tone ? ` toast-${toast.tone}` : ""}`}
          role={toast.variant === "destructive" ? "alert" : "status"}
        >
          <div className="toast-body">
            <p className="toast-title">{toast.title}</p>
            {toast.description ? <p className="toast-description">{toast.description}</p> : null}
          </div>
          <button
            type="button"
            className="toast-close"
            aria-label="Dismiss message"
            onClick={() => dismissToast(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
