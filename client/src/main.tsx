// Only the shell's styles up front; the other components' load with the pages (styles/components.ts).
import './styles/mantine-shell.css';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

// The app's modules are evaluated in one task; it starts in the next, so that a phone's main
// thread can answer input between the two.
const boot = () => import('./boot').then(({ start }) => setTimeout(() => start(root)));

/**
 * How many preloads one task inserts. Each starts a fetch, which costs a slow phone 6-30 ms of its
 * main thread (Lighthouse's phone on a slow host): all of a page's 30-55 at once made one task of
 * 300 ms or more, and four made tasks over the 50 ms that count as blocking.
 */
const PRELOADS_PER_TASK = 1;

/**
 * Inserts the app's and the page's script preloads (each file once: the server lists them), which
 * a rendered page holds back until it is painted, one per task, then calls `done`. The app
 * starts once all are in, so that its own dynamic imports find their files already preloaded
 * instead of inserting them all in one task.
 */
function preloadScripts(done: () => void) {
  const preloads = document.getElementById('after-paint');
  const links = preloads instanceof HTMLTemplateElement ? [...preloads.content.querySelectorAll('link')] : [];
  // A message starts the next task at once, where a chain of timeouts would wait 4 ms each.
  const nextTask = new MessageChannel();
  const insertSome = () => {
    document.head.append(...links.splice(0, PRELOADS_PER_TASK));
    if (links.length > 0) return nextTask.port2.postMessage(null);
    nextTask.port1.close();
    done();
  };
  nextTask.port1.onmessage = insertSome;
  insertSome();
}

// A page the server rendered is painted before the app's code is fetched and run: on a slow
// phone, either would hold back a page that is already there (server/src/http/server-rendering.ts).
if (document.getElementById('server-state')) {
  requestAnimationFrame(() => setTimeout(() => preloadScripts(() => void boot())));
} else void boot();
