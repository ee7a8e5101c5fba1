import { createApiClient } from "@common/api-client";
import { getToken, clearSession } from "./session";

export { ApiError, type CallOptions } from "@common/api-client";

/**
 * Calls the API with the web token and `cookie-type: web`; a 401 on an authenticated call
 * clears the session.
 */
export const apiCall = createApiClient({ marker: "web", getToken, onUnauthorized: clearSession });
