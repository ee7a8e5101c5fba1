import { endpoint, publicAccess } from "./endpoint";
import { health } from "../schemas/health";

export const healthApi = {
  health: endpoint({
    method: "GET",
    path: "/api/health",
    access: publicAccess,
    summary: "Chain node, journal replay and indexer status",
    response: health,
  }),
};
