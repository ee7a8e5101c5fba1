/** The app. landing.html starts it through landing.ts, after its first paint. */
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppShell, createQueryClient } from "./AppShell";
import { createRouter } from "./router";

const container = document.getElementById("root")!;
const app = (
  <AppShell client={createQueryClient()}>
    <RouterProvider router={createRouter()} />
  </AppShell>
);

// "/" arrives pre-rendered (dist/web/landing.html, written at build time by prerender.tsx): hydrate it, so
// the hero painted from the HTML stays. Every other route gets the empty index.html and renders here.
if (container.dataset.prerendered === window.location.pathname) {
  hydrateRoot(container, app, {
    onRecoverableError: (err) => console.warn("landing hydration fell back to a client render", err),
  });
} else {
  container.replaceChildren();
  createRoot(container).render(app);
}
