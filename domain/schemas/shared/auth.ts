import { z } from "zod";

/** A session's token and when it expires (a login; a password reset made while signed in renews the session). */
export const sessionToken = z.object({ accessToken: z.string().min(1), expiredAt: z.string().min(1) });
