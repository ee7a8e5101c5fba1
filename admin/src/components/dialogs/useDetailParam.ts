import { useCallback, useEffect, useRef } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { Msg } from "@domain/messages";
import { patchSearch } from "../list/listUrl";
import { detailId, type DetailParamName } from "./detailUrl";

/** A detail open over a screen, kept in the URL as `?<name>=<value>`. */
export interface DetailParam {
  /** The URL's value (an id, a hash), or null when no detail is open. */
  value: string | null;
  /** The value as a record id; null when none is open or the value cannot be an id. */
  id: number | null;
  /** Whether the URL names a detail (a dialog shows, even for a value that cannot exist). */
  isOpen: boolean;
  /** Opens it: one history entry, the screen's other keys (a list's filters, page, sort) kept. */
  open: (value: string | number) => void;
  /** Closes it: back to the entry it was opened from, or (opened by a link or a reload of one) the URL without it. */
  close: () => void;
}

/** The state of a history entry a detail was opened into from its screen. */
interface Opened {
  detail?: string;
}

/**
 * One detail of a screen in the URL: opening it is one history entry, so Back closes it, and a reload or a shared
 * link opens it again. The dialog stays the presentation; what is open is the URL's.
 */
export function useDetailParam(name: DetailParamName): DetailParam {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const value = params.get(name) || null;
  // Read at the call, not at this render: a close after a mutation's answer sees the entry as it is then.
  const stacked = useRef(false);
  stacked.current = (location.state as Opened | null)?.detail === name;
  // A second close before the first one's Back has landed would go back past the screen.
  const closing = useRef(false);
  useEffect(() => {
    closing.current = false;
  }, []);

  const open = useCallback(
    (v: string | number) => {
      const next = patchSearch(window.location.search, { [name]: v }, false);
      const already = new URLSearchParams(window.location.search).has(name);
      // Another record over the same screen replaces the one open (one entry to go back from).
      void navigate(`?${next}`, {
        replace: already,
        state: already ? location.state : ({ detail: name } satisfies Opened),
        preventScrollReset: true,
      });
    },
    [navigate, name, location.state],
  );
  const close = useCallback(() => {
    const now = new URLSearchParams(window.location.search);
    if (!now.has(name) || closing.current) return;
    closing.current = true;
    if (stacked.current) void navigate(-1);
    else void navigate(`?${patchSearch(now, { [name]: undefined }, false)}`, { replace: true, preventScrollReset: true });
  }, [navigate, name]);

  return { value, id: detailId(value), isOpen: value !== null, open, close };
}

/** What a detail shows instead of its record: not found for a URL value that cannot be an id, else why the read failed. */
export function detailError(detail: Pick<DetailParam, "isOpen" | "id">, error: Error | null | undefined): string | undefined {
  if (detail.isOpen && detail.id === null) return Msg.notFound;
  return error?.message;
}
