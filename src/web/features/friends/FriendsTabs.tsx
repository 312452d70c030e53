import { useRef, type KeyboardEvent } from "react";

export type TabId = "friends" | "requests" | "find";

export const TAB_IDS: readonly TabId[] = ["friends", "requests", "find"];

export const tabButtonId = (tab: TabId) => `friends-tab-${tab}`;
export const tabPanelId = (tab: TabId) => `friends-panel-${tab}`;

/**
 * The three tabs of spec §2 Friends, as an ARIA tab list: the arrow keys, Home and End move
 * between them (and select), Tab moves on into the panel.
 */
export function FriendsTabs({
  labels,
  selected,
  onSelect,
}: {
  labels: Record<TabId, string>;
  selected: TabId;
  onSelect(tab: TabId): void;
}) {
  const refs = useRef(new Map<TabId, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent) {
    const index = TAB_IDS.indexOf(selected);
    const next =
      event.key === "ArrowRight"
        ? TAB_IDS[(index + 1) % TAB_IDS.length]
        : event.key === "ArrowLeft"
          ? TAB_IDS[(index - 1 + TAB_IDS.length) % TAB_IDS.length]
          : event.key === "Home"
            ? TAB_IDS[0]
            : event.key === "End"
              ? TAB_IDS[TAB_IDS.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    onSelect(next);
    refs.current.get(next)?.focus();
  }

  return (
    <div className="friends-tabs" role="tablist" aria-label="Friends" onKeyDown={onKeyDown}>
      {TAB_IDS.map((tab) => (
        <button
          key={tab}
          ref={(element) => {
            if (element) refs.current.set(tab, element);
            else refs.current.delete(tab);
          }}
          type="button"
          role="tab"
          id={tabButtonId(tab)}
          className="friends-tab"
          aria-selected={tab === selected}
          aria-controls={tabPanelId(tab)}
          tabIndex={tab === selected ? 0 : -1}
          onClick={() => onSelect(tab)}
        >
          {labels[tab]}
        </button>
      ))}
    </div>
  );
}
