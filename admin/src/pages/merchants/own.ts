import type { QueryClient } from "@tanstack/react-query";
import { Msg } from "@domain/messages";
import type { EndpointData } from "../../api/endpoints";
import { endpointKey } from "../../api/queries";
import { ApiError } from "../../api/client";

/** The shop owner's merchant as 결제 연동 reads it (GET /api/merchant). */
export type MerchantSelf = EndpointData<"merchantSelf">;
export type MerchantKey = MerchantSelf["keys"][number];
export type Payment = EndpointData<"merchantPayments">["payments"][number];
export type Delivery = EndpointData<"merchantDeliveries">["deliveries"][number];

/** The merchant read again (its keys, its webhook) after a change of the owner's. */
export const refreshSelf = (qc: QueryClient) => qc.invalidateQueries({ queryKey: endpointKey("merchantSelf") });

/** The webhook's deliveries read again, every page on screen. */
export const refreshDeliveries = (qc: QueryClient) => qc.invalidateQueries({ queryKey: endpointKey("merchantDeliveries") });

/** The server's message of a refusal, or the generic one. */
export const failure = (e: unknown) => (e instanceof ApiError ? e.message : Msg.serverError);
