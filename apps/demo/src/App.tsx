import { BrowserRouter, Route, Routes } from 'react-router';
import { Layout } from './components/Layout';
import { pages } from './pages';
import { NotFound } from './pages/NotFound';
import { Providers } from './providers';

export function App() {
  return (
    <Providers>
      <BrowserRouter>
        <Routes>
          <Route element={<Layout />}>
            {pages.map(({ path, Component }) =>
              path === '/' ? (
                <Route key={path} index element={<Component />} />
              ) : (
                <Route key={path} path={path.slice(1)} element={<Component />} />
              ),
            )}
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </Providers>
  );
}
