import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
import { createQueryClient } from './query-client.ts';
import { RootView } from './root-view.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RootView />
      </QueryClientProvider>
    </StrictMode>
  );
}
