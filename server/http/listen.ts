import type http from "node:http";

/**
 * The queue of connections the kernel completes for the server before it accepts them (`listen`'s backlog; Linux
 * caps it at net.core.somaxconn, 4096 by default since 5.4). Node's default is 511. Under a flood (the rig's open loop
 * offering ~1,390 gifts/s, each on a connection of its own: docs/bench.md, "Rig") the queue filled whenever the event
 * loop ran a few hundred milliseconds without accepting; the kernel then dropped new connections' first packets, and
 * their clients only tried again 1, 3, 7, 15 s later: ~500 gifts taken a minute after they were sent, and ~350
 * connections reset. A longer queue holds such a burst until the loop takes it.
 */
export const LISTEN_BACKLOG = 4096;

/** Listens on `host:port` with LISTEN_BACKLOG; resolves once listening, rejects when the port cannot be had. */
export function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port, host, backlog: LISTEN_BACKLOG }, () => resolve());
  });
}
