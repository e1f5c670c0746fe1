import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient } from './app/query-client.ts';
import { createRouter } from './app/router.tsx';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Ant Design's theme and feedback providers come with the first page that uses antd (app/app-shell.tsx).
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={createRouter()} />
    </QueryClientProvider>
  </StrictMode>,
);
