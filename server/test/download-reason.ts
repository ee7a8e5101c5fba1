import { REASON_HEADER } from "../../domain/access-log";

/**
 * The header a download must carry (features/access-log: no file without a reason), for tests that download as an
 * operator who gave one. The access log's own tests send the reasons themselves.
 */
export const WITH_REASON: Record<string, string> = { [REASON_HEADER]: "inquiry" };
