import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createSiteRouter } from './router.tsx';

/** Status 0: the routed site. */
export function NormalSite() {
  const [router] = useState(createSiteRouter);
  return <RouterProvider router={router} />;
}
