import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { App, createQueryClient } from '../app.tsx';

/** The whole console at a route, as main.tsx mounts it (without the /admin base). */
export function renderConsole(route = '/') {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return render(
    <MemoryRouter initialEntries={[route]}>
      <App client={client} />
    </MemoryRouter>,
  );
}
