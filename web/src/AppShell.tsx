import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, type ReactNode } from "react";
import { ApiError } from "./api/client";
import { Toaster } from "./components/ui/toaster";
import { system } from "./theme";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: false,
        // An API answer (a code) will not change on retry; an unreachable server (503) may.
        retry: (count, err) => count < 2 && !(err instanceof ApiError && err.code !== 503),
      },
    },
  });
}

/** Providers around the router: the same tree in the browser (main.tsx) and at build time (prerender.tsx). */
export function AppShell({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <ChakraProvider value={system}>
        <QueryClientProvider client={client}>
          {children}
          <Toaster />
        </QueryClientProvider>
      </ChakraProvider>
    </StrictMode>
  );
}
