import { z } from "zod";

const isoDate = z.string();

/** GET: the prefix and creation date only; POST (rotate): the whole key, this once. */
export const apiKeyInfo = z.object({ apiKey: z.string().nullable(), prefix: z.string().nullable(), createdAt: isoDate.nullable() });
export type ApiKeyInfo = z.infer<typeof apiKeyInfo>;
