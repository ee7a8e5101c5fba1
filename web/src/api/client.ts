import { createApiClient } from "@common/api-client";
import { getToken, expireSession } from "./session";

export { ApiError, type CallOptions } from "@common/api-client";

/**
 * Calls the API with the web token and `cookie-type: web`; a 401 on an authenticated call
 * ends the session as expired (the login page says so and returns to the page).
 */
export const apiCall = createApiClient({ marker: "web", getToken, onUnauthorized: expireSession });
