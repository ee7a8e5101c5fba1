import { createContext, useContext } from "react";

/**
 * The open screen's title (screens.ts), given by its gate: a table without a caption of its own is captioned with it
 * (WCAG 1.3.1, ui-common/README.md "Accessibility"), read by screen readers and hidden on screen.
 */
export const ScreenTitleContext = createContext<string | undefined>(undefined);

export function useScreenTitle(): string | undefined {
  return useContext(ScreenTitleContext);
}
