import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { callEndpoint } from "./endpoint";
import { getToken } from "./session";

/** Everything the notification center reads: invalidated on every push of the member socket. */
export const noticesKey = ["notices"] as const;

const api = async () => (await import("@domain/api/member-notices")).memberNoticesApi;

export function useUnreadNotices(enabled: boolean) {
  return useQuery({
    queryKey: [...noticesKey, "unread"],
    queryFn: async () => callEndpoint((await api()).memberNoticesUnread),
    enabled,
  });
}

export function useNoticesPage(page: number, perPage = 20) {
  return useQuery({
    queryKey: [...noticesKey, "page", page, perPage],
    queryFn: async () => callEndpoint((await api()).memberNotices, { page, perPage }),
  });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { ids: number[] } | { all: true }) => callEndpoint((await api()).memberNoticesRead, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: noticesKey }),
  });
}

/**
 * The member's realtime channel (`/ws/member`): each pushed notice has the center and the bell read again (the
 * frame carries no text). Reconnects after a drop while the session lasts; closed at logout (4401 from the server).
 */
export function useMemberSocket(enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let ws: WebSocket | null = null;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = 1_000;
    const connect = () => {
      const token = getToken();
      if (!token || stopped) return;
      const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/member?token=${encodeURIComponent(token)}`;
      ws = new WebSocket(url);
      ws.onopen = () => {
        delay = 1_000;
      };
      ws.onmessage = (e) => {
        const frame = JSON.parse(String(e.data)) as { kind: string; unread?: number };
        if (typeof frame.unread === "number") qc.setQueryData([...noticesKey, "unread"], { unread: frame.unread });
        if (frame.kind === "notice") {
          void qc.invalidateQueries({ queryKey: noticesKey });
          // A gift or a purchase moved money: the header balance too.
          void qc.invalidateQueries({ queryKey: ["balance"] });
        }
      };
      ws.onclose = (e) => {
        if (stopped || e.code === 4401) return;
        retry = setTimeout(connect, delay);
        delay = Math.min(delay * 2, 30_000);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      ws?.close();
    };
  }, [enabled, qc]);
}
