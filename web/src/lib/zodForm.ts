import { zodResolver } from "@hookform/resolvers/zod";
import { useRef } from "react";
import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * A react-hook-form resolver for a domain zod schema that depends on live data (balance, capacity):
 * the latest schema is read at each validation, so a refreshed balance takes effect at once.
 */
export function useLiveZodResolver<T extends FieldValues>(schema: z.ZodType<T, T>): Resolver<T> {
  const ref = useRef(schema);
  ref.current = schema;
  return (values, ctx, opts) => zodResolver(ref.current)(values, ctx, opts) as ReturnType<Resolver<T>>;
}
