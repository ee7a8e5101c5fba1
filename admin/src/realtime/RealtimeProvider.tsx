import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { connectRealtime, realtimeUrl, type AdminPush } from "./socket";
import { NotifyDialog } from "./NotifyDialog";
import { endpointKey, refreshMoney } from "../api/queries";

interface RealtimeState {
  /** Pushes received since the bell was last opened. */
  unread: number;
  clearUnread: () => void;
}

const RealtimeContext = createContext<RealtimeState>({ unread: 0, clearUnread: () => {} });

export const useRealtime = () => useContext(RealtimeContext);

/** Opens the notification channel while an operator is logged in and shows each push in a dialog (none without a token). */
export function RealtimeProvider({ token, children }: { token: string | null; children: React.ReactNode }) {
  const qc = useQueryClient();
  const [queue, setQueue] = useState<AdminPush[]>([]);
  const [unread, setUnread] = useState(0);

  useEffect(() => {
    if (!token) return;
    return connectRealtime(
      realtimeUrl(token),
      (p) => {
        setQueue((q) => [...q, p]);
        setUnread((n) => n + 1);
        // Deposits, inquiries and settlements change the amounts on screen (and '한도' the threshold figures, a money read)…
        void refreshMoney(qc);
        // …and the notification list, so an open notify page shows the new row.
        void qc.invalidateQueries({ queryKey: endpointKey("notifyList") });
      },
      // A move confirmed (recorded or indexed), whoever made it: balances, totals and lists of moves are read again.
      () => void refreshMoney(qc),
    );
  }, [token, qc]);

  const clearUnread = useCallback(() => setUnread(0), []);
  const dismiss = useCallback(() => setQueue((q) => q.slice(1)), []);
  const value = useMemo(() => ({ unread, clearUnread }), [unread, clearUnread]);

  return (
    <RealtimeContext.Provider value={value}>
      {children}
      <NotifyDialog push={queue[0] ?? null} remaining={Math.max(0, queue.length - 1)} onClose={dismiss} />
    </RealtimeContext.Provider>
  );
}
