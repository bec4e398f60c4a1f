// Only the shell's styles up front; the other components' load with the pages (styles/components.ts).
import './styles/mantine-shell.css';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

const boot = () => import('./boot').then(({ start }) => start(root));

// A page the server rendered is painted before the app's code runs (index.html preloads it):
// on a slow phone, evaluating it first would hold back a page that is already there.
if (document.getElementById('server-state')) requestAnimationFrame(() => setTimeout(() => void boot()));
else void boot();
