/**
 * The entry: only starts the app (boot.tsx, a chunk of its own, preloaded by index.html). On the pre-rendered
 * landing page it waits until the browser has painted the HTML it was sent (a frame, then a task): the app's
 * compile and hydration take seconds on a slow phone, and would otherwise run before that first paint and
 * hold back the hero, the page's largest paint. Every other route starts at once.
 */
const start = () => void import("./boot");

if (document.getElementById("root")?.dataset.prerendered === window.location.pathname) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  // A tab opened in the background paints no frame until shown: start anyway.
  setTimeout(once, 500);
} else start();
