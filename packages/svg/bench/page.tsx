import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import SVG from 'react-inlinesvg';
import { InlineSvg } from '../src/index';

const params = new URLSearchParams(location.search);
const mode = params.get('mode');
const srcs = Array.from({ length: 1000 }, (_, i) => `/icons/${i % 20}.svg`);

function Page() {
  return (
    <div>
      {srcs.map((src, i) =>
        mode === 'raw' ? (
          <SVG key={i} src={src} width={16} height={16} uniquifyIDs />
        ) : (
          <InlineSvg key={i} src={src} width={16} height={16} />
        ),
      )}
    </div>
  );
}

const start = performance.now();
createRoot(document.getElementById('root')!).render(
  params.has('strict') ? (
    <StrictMode>
      <Page />
    </StrictMode>
  ) : (
    <Page />
  ),
);
const check = () => {
  if (document.querySelectorAll('svg rect').length >= 1000) {
    (window as { __result?: number }).__result = performance.now() - start;
  } else requestAnimationFrame(check);
};
requestAnimationFrame(check);
