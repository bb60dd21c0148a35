import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';

/** One cache for the whole console, shared by every signed-in layout. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not get better by asking again.
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      staleTime: 15_000,
    },
  },
});
