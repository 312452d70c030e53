import { useEffect, useRef, type ReactNode } from "react";

interface ModalProps {
  open: boolean;
  /** Called when the dialog closes by itself (Escape) or is asked to. */
  onClose(): void;
  /** The id of the element naming the dialog. */
  labelledBy: string;
  className?: string;
  children: ReactNode;
}

/** A native modal <dialog>: focus stays inside, Escape closes, the page behind is inert. Mark the default button with data-autofocus. */
export function Modal({ open, onClose, labelledBy, className, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // showModal focuses the first focusable element (often the close button); a marked default action wins.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} aria-labelledby={labelledBy} className={className} onClose={onClose}>
      {open ? children : null}
    </dialog>
  );
}
