import { useState } from "react";
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { ApiError } from "./api/client";
import { Code } from "@domain/codes";
import { createAdminRouter } from "./router";
import { system } from "./theme";
import { Toaster } from "./components/ui/toaster";

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        // Retrying a refused or invalid call only repeats the refusal.
        retry: (n, e) => n < 2 && !(e instanceof ApiError && e.code >= 400 && e.code < 500 && e.code !== Code.TOO_MANY),
      },
    },
  });
}

export function App() {
  const [qc] = useState(makeQueryClient);
  const [router] = useState(createAdminRouter);
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={qc}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </ChakraProvider>
  );
}
