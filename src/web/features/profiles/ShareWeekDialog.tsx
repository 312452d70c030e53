import { useEffect, useMemo, useRef, useState } from "react";
import { Modal } from "../../components/Modal.tsx";
import { drawShareCard } from "./draw-share-card.ts";
import { shareCardText, type WeekRow } from "./share-card.ts";

interface Picture {
  /** The download's address (a blob URL). */
  url: string;
  /** The preview's source: a data URL, which the page's Content-Security-Policy lets an <img> load (blob: it does not). */
  preview: string;
  file: File;
}

/** A week's share card: drawn in the browser, previewed, then downloaded or handed to the system's share sheet. */
export function ShareWeekDialog({ username, row, onClose }: { username: string; row: WeekRow; onClose(): void }) {
  const text = useMemo(() => shareCardText(username, row), [username, row]);
  const [picture, setPicture] = useState<Picture | null>(null);
  const [failed, setFailed] = useState(false);
  const download = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    const canvas = drawShareCard(text, getComputedStyle(document.body).fontFamily);
    canvas.toBlob((blob) => {
      if (cancelled) return;
      if (!blob) return setFailed(true);
      url = URL.createObjectURL(blob);
      setPicture({
        url,
        preview: canvas.toDataURL("image/png"),
        file: new File([blob], text.fileName, { type: "image/png" }),
      });
    }, "image/png");
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [text]);

  // The card is drawn after the dialog opens: its download, the default action, takes focus once it exists.
  useEffect(() => {
    if (picture) download.current?.focus();
  }, [picture]);

  const canShare =
    picture !== null && typeof navigator.canShare === "function" && navigator.canShare({ files: [picture.file] });

  return (
    <Modal open onClose={onClose} labelledBy="share-week-title" className="share-week">
      <article>
        <header>
          <h2 id="share-week-title">Share {text.period}</h2>
        </header>
        {failed ? (
          <p role="alert">The card could not be drawn in this browser.</p>
        ) : picture ? (
          <img src={picture.preview} alt={text.alt} className="share-week-preview" width={600} height={315} />
        ) : (
          <p aria-busy="true">Drawing the card…</p>
        )}
        <footer>
          <button type="button" className="secondary" onClick={onClose}>
            Close
          </button>
          {canShare ? (
            <button
              type="button"
              className="secondary"
              onClick={() => void navigator.share({ files: [picture.file], title: text.alt }).catch(() => undefined)}
            >
              Share…
            </button>
          ) : null}
          {picture ? (
            <a ref={download} href={picture.url} download={text.fileName} className="button-link">
              Download PNG
            </a>
          ) : null}
        </footer>
      </article>
    </Modal>
  );
}
