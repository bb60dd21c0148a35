import { RouterProvider } from 'react-router';
import { AuthProvider } from '../auth/auth-context';
import type { ConsoleRouter } from './router';

export function App({ router }: { router: ConsoleRouter }) {
  return (
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>
  );
}
