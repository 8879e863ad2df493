import { ConsentProvider } from '@plinth/core';
import { useEffect } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Layout } from './components/Layout';
import { Article } from './pages/Article';
import { Device } from './pages/Device';
import { Home } from './pages/Home';
import { NotFound } from './pages/NotFound';
import { Privacy } from './pages/Privacy';
import { consent, startTelemetry } from './telemetry';

export function App() {
  useEffect(() => startTelemetry(), []);
  return (
    <ConsentProvider store={consent}>
      <BrowserRouter>
        <Routes>
          <Route element={<Layout />}>
            <Route index element={<Home />} />
            <Route path="article" element={<Article />} />
            <Route path="device" element={<Device />} />
            <Route path="privacy" element={<Privacy />} />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </ConsentProvider>
  );
}
