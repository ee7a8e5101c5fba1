/**
 * The pre-rendered landing page's script (landing.html loads this instead of main.tsx, which it preloads):
 * starts the app only once the browser has painted the HTML it was sent (a frame, then a task). The app's
 * compile and hydration take seconds on a slow phone, and would otherwise run before that first paint and
 * hold back the hero, the page's largest paint. Every other route loads main.tsx directly, as before.
 */
let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import("./main");
};
requestAnimationFrame(() => setTimeout(start, 0));
// A tab opened in the background paints no frame until shown: start anyway.
setTimeout(start, 500);
