import { createEndpointCaller } from "@common/endpoint-client";
import { apiCall } from "./client";

/**
 * Calls an endpoint of the table in domain/api/ with the member's session: `callEndpoint(giftsApi.gift,
 * input, { idempotencyKey })` resolves with the answer's `data`, checked against the endpoint's response schema.
 * Import each feature's endpoints from its own file (`@domain/api/gifts`), never the flat `@domain/api`,
 * which carries every operator schema too.
 */
export const callEndpoint = createEndpointCaller(apiCall);
