import { endpoint, publicAccess } from "./endpoint";
import { health, serviceStatus } from "../schemas/health";

export const healthApi = {
  health: endpoint({
    method: "GET",
    path: "/api/health",
    access: publicAccess,
    summary: "Chain node, journal replay and indexer status",
    response: health,
  }),
  serviceStatus: endpoint({
    method: "GET",
    path: "/api/status",
    access: publicAccess,
    summary: "Whether the token is paused: the member app's maintenance banner",
    response: serviceStatus,
  }),
};
