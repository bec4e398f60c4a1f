// Only the shell's styles up front; the other components' load with the pages (styles/components.ts).
import './styles/mantine-shell.css';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

const boot = () => import('./boot').then(({ start }) => start(root));

/** The app's and the page's script preloads, which a rendered page holds back until it is painted. */
function preloadScripts() {
  const preloads = document.getElementById('after-paint');
  if (preloads instanceof HTMLTemplateElement) document.head.append(preloads.content);
}

// A page the server rendered is painted before the app's code is fetched and run: on a slow
// phone, either would hold back a page that is already there (server/src/http/server-rendering.ts).
if (document.getElementById('server-state')) {
  requestAnimationFrame(() =>
    setTimeout(() => {
      preloadScripts();
      void boot();
    }),
  );
} else void boot();
