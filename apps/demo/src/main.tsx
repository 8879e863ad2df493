import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles.css';

const root = createRoot(document.getElementById('root')!);
if (window.parent !== window && window.location.pathname === '/silent-callback') {
  void import('./silent').then(({ renderSilentCallback }) => renderSilentCallback(root));
} else {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
