import { NOTE_MAX } from "../../../shared/limits.ts";
import type { Bet } from "../../../shared/contract/betting.ts";
import { useState, type FormEvent } from "react";
import { TextAreaField } from "../../components/Field.tsx";
import { Modal } from "../../components/Modal.tsx";
import { errorText } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { saveBetNote } from "./api.ts";
import { matchupText, pickText } from "./bet-text.ts";

interface NoteDialogProps {
  /** The bet whose note is edited; null = closed. */
  bet: Bet | null;
  onClose(): void;
}

/** 'Edit Bet Note' (spec §2, §7): save → PATCH, toast, close; the list shows the new note at once. */
export function NoteDialog({ bet, onClose }: NoteDialogProps) {
  return (
    <Modal open={bet !== null} onClose={onClose} labelledBy="note-dialog-title" className="note-dialog">
      {/* Keyed by bet, so each opening starts from that bet's saved note. */}
      {bet ? <NoteForm key={bet.id} bet={bet} onClose={onClose} /> : null}
    </Modal>
  );
}

function NoteForm({ bet, onClose }: { bet: Bet; onClose(): void }) {
  const [text, setText] = useState(bet.note ?? "");
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    try {
      await saveBetNote(bet.id, text);
      toast({ title: "Note updated", description: "Your bet note has been saved." });
      onClose();
    } catch (failure) {
      // The spec shows no handler here; keeping the dialog open keeps the player's words.
      toast({ title: "Error", description: errorText(failure, "Failed to update note"), variant: "destructive" });
      setPending(false);
    }
  }

  return (
    <article>
      <header>
        <button type="button" aria-label="Close" rel="prev" onClick={onClose} />
        <h2 id="note-dialog-title">Edit Bet Note</h2>
        <p className="note-dialog-bet">
          {pickText(bet)} · {matchupText(bet.game)}
        </p>
      </header>
      <form onSubmit={submit} aria-label="Bet note">
        <TextAreaField
          id="bet-note"
          label="Note"
          name="note"
          rows={6}
          maxLength={NOTE_MAX}
          value={text}
          placeholder="Why did you make this pick? What did you learn?"
          onChange={(event) => setText(event.target.value.slice(0, NOTE_MAX))}
          data-autofocus
          hint={`${text.length}/${NOTE_MAX} characters`}
          hintClassName={`note-count${text.length >= NOTE_MAX ? " note-count-full" : ""}`}
        />
        <footer className="note-dialog-actions">
          <button type="button" className="secondary outline" onClick={onClose} disabled={pending}>
            Cancel
          </button>
          <button type="submit" disabled={pending} aria-busy={pending || undefined}>
            {pending ? "Saving..." : "Save"}
          </button>
        </footer>
      </form>
    </article>
  );
}
