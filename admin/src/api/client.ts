import { createApiClient } from "@common/api-client";
import { CookieType } from "@domain/constants";
import { getToken, expireSession } from "./session";

export { ApiError, type CallOptions } from "@common/api-client";

/**
 * Calls the API with the operation token and `cookie-type: operation`; a 401 on an authenticated call
 * ends the session (the guards then send the operator to /admin/login).
 */
export const apiCall = createApiClient({ marker: CookieType.OPERATION, getToken, onUnauthorized: expireSession });
