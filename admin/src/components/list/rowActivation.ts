import type { KeyboardEvent } from "react";

/**
 * The props that make a clickable table row usable by keyboard too: it takes focus (Tab), and Enter or Space on the
 * row itself (not on a button inside it) does what a click does.
 */
export function rowActivation(activate: () => void) {
  return {
    tabIndex: 0,
    onClick: activate,
    onKeyDown: (e: KeyboardEvent) => {
      if (e.target !== e.currentTarget || (e.key !== "Enter" && e.key !== " ")) return;
      e.preventDefault();
      activate();
    },
    cursor: "pointer",
    _focusVisible: { outline: "2px solid", outlineColor: "colorPalette.focusRing", outlineOffset: "-2px" },
  } as const;
}
