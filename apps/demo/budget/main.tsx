// The budget's baseline: the demo's shell with only React and React Router (no Plinth, no vendor),
// built with the demo's Vite config. scripts/budget.mjs compares the demo's initial JS with this.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, NavLink, Outlet, Route, Routes } from 'react-router';

const Page = ({ title }: { title: string }) => <h1>{title}</h1>;

function Layout() {
  return (
    <>
      <nav>
        <NavLink to="/">Home</NavLink> <NavLink to="/about">About</NavLink>
      </nav>
      <main>
        <Outlet />
      </main>
    </>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<Page title="Home" />} />
          <Route path="about" element={<Page title="About" />} />
        </Route>
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
