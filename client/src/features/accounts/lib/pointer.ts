/**
 * Whether a mouse button, finger or pen is pressed right now. A field loses focus on pointer
 * *down*; if its error appeared at once, everything below would shift before the pointer came
 * up, and the click (on Continue, on a checkbox) would land on whatever moved under it.
 */
let pointerDown = false;

if (typeof document !== 'undefined') {
  const release = () => {
    pointerDown = false;
  };
  document.addEventListener('pointerdown', () => (pointerDown = true), true);
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}

/** Runs `task` now, or, while a pointer is pressed, just after it is released (after its click). */
export function afterPointerRelease(task: () => void): void {
  if (!pointerDown) {
    task();
    return;
  }
  const done = () => {
    window.removeEventListener('pointerup', done, true);
    window.removeEventListener('pointercancel', done, true);
    // The click of this press is dispatched after pointerup, in the same task.
    window.setTimeout(task, 0);
  };
  window.addEventListener('pointerup', done, true);
  window.addEventListener('pointercancel', done, true);
}
