import { QueryClient } from "@tanstack/react-query";

// SPEC section 9: cached data is not retried and not refetched on focus,
// mount or reconnect unless a query says otherwise (subscription, notifications).
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
        staleTime: Infinity,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
